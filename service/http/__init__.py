"""The request's road: the WSGI callable every request passes (observe.py), the app that
routes it, the admission of a game operation's request, its answer written (or its problem
document), and the limits a request is held to."""
