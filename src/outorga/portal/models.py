"""The portal (the holder's own pages) keeps no model of its own: the avisos it shows are the
registry's (``registry.models.Notification``)."""
