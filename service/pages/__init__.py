"""The pages and files for people and browsers: the API's documentation, the playground, the
board element."""
