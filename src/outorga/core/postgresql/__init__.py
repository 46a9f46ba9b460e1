"""Django's PostgreSQL backend with the tenancy's setting kept in step (``core/rls.py``)."""
