"""``python -m tests.morris.serve``: the service exactly as ``python -m service`` runs it, with
Three Men's Morris registered first, for the tests that play it in a browser.

gunicorn loads the app in this process before it forks its workers (``preload_app``, the
production setting), so the workers' registry has the game too.
"""

from rules import registry
from service.__main__ import main
from tests.morris.morris_game import ThreeMensMorris

if __name__ == "__main__":
    registry.register(ThreeMensMorris)
    main()
