"""Tools around the referee service: the ``referee`` command line and a Python HTTP client."""
