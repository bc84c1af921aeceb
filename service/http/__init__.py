"""The request's road: the WSGI layers every request passes, the app that routes it, the
admission of a game operation's request, its answer written (or its problem document), and
the limits a request is held to."""
