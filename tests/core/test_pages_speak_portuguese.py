"""What a person reads is Portuguese: every role's home, every page of its menu and the detail pages
they lead to (a permit, a person, a case, a debt, a platform) show no act code ("auth.login"), no
raw status value of a model ("active", "under_appeal"), no law id ("ipatinga.mototaxi-2013") and no
Python leftovers ("None"). Portuguese words that equal a stored value ("cassada", "taxi") are fine:
the raw values looked for are English words and codes with dots or underscores."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

from django.apps import apps
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from enforcement_factories import file, issue, make_world

from outorga.core.actlabels import LABELS, OBJECT_LABELS
from outorga.core.context_processors import NAV
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.bindings import RULEBOOKS
from outorga.law.competence import Role

#: Stored values that are also Portuguese (or neutral) words a page may rightly show.
WORDS = {
    "mototaxi", "motofrete", "taxi", "aplicativo", "cassada", "cassado", "cassacao", "jari",
    "final", "pessoal", "postal", "edital", "portal", "legal", "natural", "manual", "pix", "api",
    "csv", "parquet", "ndjson", "mds", "flex", "diesel", "gnv", "rg", "cpf", "crlv", "crv",
    "dpvat", "inss", "mei", "autonomo", "leve", "media", "grave", "gravissima", "outro",
    "pagamento", "servicos", "convencional", "especial", "executivo", "motocicleta", "motoneta",
    "automovel", "camioneta", "gasolina", "etanol", "eletrico", "hibrido", "bau", "grelha",
    "alforje", "bolsa", "ciclomotor", "fiscal", "atendente", "autoridade", "financas",
    "plataforma", "permissionario", "admin", "vistoria", "semestral", "renovacao", "troca",
    "extraordinaria", "reinspecao", "substituicao", "emergencial", "reserva", "permuta", "fee",
    "auto", "infracao", "platform", "trips", "sessions", "ok", "na", "contrapartida",
    "comparecimento",
}  # fmt: skip
PYTHON = ("None", "True", "False")


def raw_values() -> set[str]:
    """Every stored choice value of the project's models that no person should read as it is."""
    out: set[str] = set()
    for model in apps.get_models():
        if not model.__module__.startswith("outorga."):
            continue
        for field in model._meta.get_fields():
            for value, _label in getattr(field, "choices", None) or ():
                v = str(value)
                if re.fullmatch(r"[a-z][a-z_]*[a-z]", v) and v not in WORDS:
                    out.add(v)
    return out


def forbidden() -> list[tuple[str, re.Pattern[str]]]:
    tokens = set(LABELS) | set(OBJECT_LABELS) | set(RULEBOOKS) | raw_values()
    pats = [
        (t, re.compile(r"(?<![\w.\-/])" + re.escape(t) + r"(?![\w\-/])")) for t in sorted(tokens)
    ]
    pats += [(t, re.compile(r"\b" + t + r"\b")) for t in PYTHON]
    return pats


def visible_text(html: str) -> str:
    html = re.sub(r"(?is)<(script|style|template)\b.*?</\1>", " ", html)
    html = re.sub(r"(?s)<!--.*?-->", " ", html)
    html = re.sub(r"(?s)<[^>]+>", " ", html)
    return re.sub(r"\s+", " ", htmllib.unescape(html))


def details(m: Municipality, role: Role) -> list[str]:
    """A permit, a person, a case, a debt and a platform of ``m`` (those it has), as URLs."""
    from outorga.enforcement.models import Case
    from outorga.finance.models import Debt
    from outorga.platforms.models import Platform
    from outorga.registry.models import Permit, Person

    urls = []
    with tenant(m):
        if role == Role.PERMISSIONARIO:
            for p in Permit.objects.filter(holder__user__role=role.value)[:1]:
                urls.append(reverse("portal:permit", args=[p.pk]))
            for c in Case.objects.filter(permit__holder__user__role=role.value)[:1]:
                urls.append(reverse("enforcement:portal_case", args=[c.pk]))
            return urls
        for model, name in (
            (Permit, "registry:permit"),
            (Person, "registry:person"),
            (Case, "enforcement:case"),
            (Debt, "finance:debt"),
            (Platform, "platforms:detail"),
        ):
            for obj in model.objects.order_by("pk")[:2]:
                urls.append(reverse(name, args=[obj.pk]))
    return urls


def test_every_roles_pages_speak_portuguese(ipatinga_m, user_of):
    # The demo has people, debts and platforms; a permit granted through the services, held by the
    # demo holder, with an auto whose defence was filed, adds a permit and a case to walk.
    w = make_world(ipatinga_m, user_of)
    auto = issue(w, on=timezone.localdate() - dt.timedelta(days=1))
    file(w, auto, timezone.localdate())
    patterns = forbidden()
    offenders: dict[str, set[str]] = {}
    seen = 0
    walked: set[str] = set()
    for m in Municipality.objects.order_by("slug"):
        for role in Role:
            user = user_of(m.slug, role)
            client = Client()
            client.force_login(user)
            urls = ["/"] + [
                reverse(name) for _label, name, roles in NAV if roles is None or role in roles
            ]
            urls += details(m, role)
            for url in urls:
                r = client.get(url)
                if r.status_code != 200 or "text/html" not in r.get("Content-Type", ""):
                    continue
                seen += 1
                walked.add(re.sub(r"\d+", "N", url))
                text = visible_text(r.content.decode())
                for token, pat in patterns:
                    for hit in pat.finditer(text):
                        where = text[max(0, hit.start() - 40) : hit.end() + 40]
                        offenders.setdefault(f"{m.slug} {role.value} {url}", set()).add(
                            f"{token!r} em «…{where}…»"
                        )
    assert seen > 100
    for page in (
        "/cadastro/permissoes/N/",
        "/cadastro/pessoas/N/",
        "/fiscalizacao/processos/N/",
        "/financas/debitos/N/",
        "/plataformas/N/",
        "/portal/permissoes/N/",
        "/portal/processos/N/",
    ):
        assert page in walked, (page, sorted(walked))
    report = "\n".join(
        f"{page}:\n  " + "\n  ".join(sorted(hits)) for page, hits in offenders.items()
    )
    assert not offenders, f"códigos ou valores crus no texto das páginas:\n{report}"
