from django.apps import AppConfig


class PortalConfig(AppConfig):
    name = "outorga.portal"
    label = "portal"
    verbose_name = "Portal do permissionário e avisos"
