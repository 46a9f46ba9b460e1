from django.apps import AppConfig


class EnforcementConfig(AppConfig):
    name = "outorga.enforcement"
    label = "enforcement"
    verbose_name = "Fiscalização e processo administrativo"
