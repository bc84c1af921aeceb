"""Developer commands that write files of the repository from the code
(``python -m tools.readme``)."""
