"""WCAG 2's colour arithmetic, for the tests that check a mark stands out: relative luminance
and contrast ratio of ``#rrggbb`` colours."""

from __future__ import annotations


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of ``#rrggbb`` (0 for black to 1 for white)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
