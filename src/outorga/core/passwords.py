"""Password reset with Django's own views and tokens; the message goes through the email queue
(core/mail.py), so the request that asks for it only writes a row."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.template import loader
from django.urls import reverse, reverse_lazy
from django.utils.crypto import constant_time_compare
from django.utils.encoding import force_bytes
from django.utils.http import base36_to_int, urlsafe_base64_encode

from .mail import absolute_url, email_queue
from .models import Municipality, User
from .tenancy import tenant, unscoped


class QueuedPasswordResetForm(PasswordResetForm):
    """Django's form (the same answer whether or not the address is known: the view always goes
    to the "enviado" page), with the message queued instead of sent."""

    def get_users(self, email: str) -> Iterator[Any]:
        # A system administrator belongs to no municipality, and every outbound message is a
        # municipality's record: such an account resets its password on the command line
        # (``outorga changepassword``).
        # The address names the account before any municipality is current (ADR 0024).
        with unscoped():
            users = [u for u in super().get_users(email) if u.municipality_id is not None]
        yield from users

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        user: User = context["user"]
        context = {
            **context,
            "link": absolute_url(
                reverse(
                    "password_reset_confirm",
                    kwargs={"uidb64": context["uid"], "token": context["token"]},
                )
            ),
            "timeout_hours": max(1, settings.PASSWORD_RESET_TIMEOUT // 3600),
            "municipality": user.municipality,
        }
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        assert user.municipality is not None  # get_users keeps only a municipality's users
        email_queue(
            municipality=user.municipality, to=to_email, subject=subject, body=body, obj=user
        )


class PasswordResetView(auth_views.PasswordResetView):
    form_class = QueuedPasswordResetForm
    template_name = "registration/password_reset_form.html"
    email_template_name = "registration/outorga_password_reset_email.txt"
    subject_template_name = "registration/outorga_password_reset_subject.txt"
    success_url = reverse_lazy("password_reset_done")


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "registration/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "registration/password_reset_confirm.html"
    success_url = reverse_lazy("password_reset_complete")

    def dispatch(self, *args: Any, **kwargs: Any) -> Any:
        # The signed link names one account; the rest of the reset runs in its municipality, as
        # the database's row-level security requires (ADR 0024).
        with unscoped():
            user = self.get_user(kwargs.get("uidb64", ""))
        municipality = getattr(user, "municipality", None)
        if municipality is None:
            return super().dispatch(*args, **kwargs)
        with tenant(municipality):
            return super().dispatch(*args, **kwargs)


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "registration/password_reset_complete.html"


class LinkTokens(PasswordResetTokenGenerator):
    """Django's signed, dated tokens, with their own salt (a reset token is not an activation
    token), their own lifetime, and ``is_active`` in the hash, so an activation link works once
    (an invitation's works once because the password it sets is in the hash)."""

    def __init__(self, salt: str, days: int) -> None:
        super().__init__()
        self.key_salt, self.seconds = salt, days * 86400

    def _make_hash_value(self, user: Any, timestamp: int) -> str:
        return super()._make_hash_value(user, timestamp) + str(user.is_active)

    def check_token(self, user: Any, token: str | None) -> bool:
        # Django's own check, but against this link's lifetime, not PASSWORD_RESET_TIMEOUT.
        try:
            ts = base36_to_int((token or "").split("-")[0])
        except ValueError:
            return False
        if self._num_seconds(self._now()) - ts > self.seconds:
            return False
        return user is not None and any(
            constant_time_compare(self._make_token_with_timestamp(user, ts, secret), token or "")
            for secret in [self.secret, *self.secret_fallbacks]
        )


#: How long an invitation's link is good for: an account made by a servant for someone outside
#: City Hall (a person in the register, ADR 0021; a platform's staff member, ADR 0034), whose
#: owner chooses the password.
INVITATION_DAYS = 7
# The salt kept from ADR 0021: links already sent stay valid.
invitation_tokens = LinkTokens("outorga.portal.invitation", INVITATION_DAYS)


def invitation_link(user: User) -> str:
    """The absolute link an invitation's email carries: the password chosen on Django's page."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = invitation_tokens.make_token(user)
    return absolute_url(reverse("invitation", kwargs={"uidb64": uid, "token": token}))


def invitation_closing(user: User, municipality: Municipality) -> str:
    """How every invitation's email ends, whoever invites: the username, the link to choose the
    password and how long it is good for, and the City Hall that sent it."""
    return (
        f"Seu usuário: {user.username}\n\nPara escolher a sua senha, abra o endereço abaixo (vale "
        f"por {INVITATION_DAYS} dias e só pode ser usado uma vez):\n{invitation_link(user)}\n\n"
        f"Prefeitura de {municipality.name}/{municipality.uf} — Outorga\n"
    )


class InvitationView(PasswordResetConfirmView):
    """Django's page to choose a password from a link (the user read and the password set in the
    account's municipality, as the password reset's), with the invitation's own tokens."""

    token_generator = invitation_tokens
