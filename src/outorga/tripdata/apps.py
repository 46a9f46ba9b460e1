from django.apps import AppConfig


class TripDataConfig(AppConfig):
    name = "outorga.tripdata"
    label = "tripdata"
    verbose_name = "Dados de corridas e sessões"

    def ready(self) -> None:
        from outorga.registry.simulation import register_part

        from .simulation import issqn_part

        register_part("ISSQN", issqn_part)
