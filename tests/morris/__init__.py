"""Three Men's Morris: a game of points joined by lines, registered by its tests only."""
