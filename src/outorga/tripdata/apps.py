from django.apps import AppConfig


class TripDataConfig(AppConfig):
    name = "outorga.tripdata"
    label = "tripdata"
    verbose_name = "Dados de corridas e sessões"
