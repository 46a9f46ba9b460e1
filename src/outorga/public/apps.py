from django.apps import AppConfig


class PublicConfig(AppConfig):
    name = "outorga.public"
    label = "public"
    verbose_name = "Páginas públicas"

    def ready(self) -> None:
        # The acts log's checkpoints are signed with the municipality's key (core.checkpoints).
        from outorga.core.checkpoints import provide_signer

        from .checkpoint_port import BadgeKeySigner

        provide_signer(BadgeKeySigner())
