"""Lists that scale, written once (issue "back office", item 5): the query's filters at a URL
(GET), sorting by a column, pagination, and the CSV export of exactly what is filtered.

A screen declares its columns and passes its filtered queryset to :func:`listing`; the template
includes ``core/_listing.html`` (the header links, the pages, "Exportar CSV"). The CSV is
``;``-separated UTF-8 with a BOM and Brazilian dates, as a spreadsheet in pt-BR opens it, and is
streamed row by row (a 100 000-row export never sits in memory)."""

from __future__ import annotations

import contextvars
import csv
import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.core.paginator import Page, Paginator
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponseRedirect, QueryDict, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils import timezone

from outorga.core import searchtokens
from outorga.core.access import forbidden
from outorga.core.acts import record_act
from outorga.core.formfields import date_input
from outorga.core.identifiers import digits, mask_document
from outorga.core.models import Act, Municipality
from outorga.core.requests import actor_of
from outorga.core.search import names_document
from outorga.core.tenancy import current_municipality_or_none, tenant
from outorga.law.citations import lgpd

PER_PAGE = 50


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    value: Callable[[Any], Any]
    #: The ORM ordering this column sorts by (``None``: not sortable).
    order: str | None = None


@dataclass
class Listing:
    page: Page
    columns: list[dict[str, Any]]
    csv_url: str
    total: int
    query: str
    fields: list[Column] = field(default_factory=list)
    #: The query parameter of the page number (two lists on one page page apart).
    param: str = "pagina"

    @property
    def rows(self) -> list[tuple[Any, list[str]]]:
        """Each record of the page with its cells as the CSV writes them (same labels, same
        masking): ``{% for obj, cells in listing.rows %}``."""
        return [(obj, [_text(c.value(obj)) for c in self.fields]) for obj in self.page]

    def page_url(self, number: int) -> str:
        return f"?{self.query}&{self.param}={number}" if self.query else f"?{self.param}={number}"


#: What a spreadsheet runs as a formula when a cell starts with it (a CSV opened by the desk).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def as_spreadsheet_text(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet shows and never runs: one that starts as a formula
    (a name or a town an applicant typed on the portal, ``=HYPERLINK(…)``) gets an apostrophe
    before it, which marks the cell as text."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def _text(value: Any) -> str:
    if isinstance(value, str):
        return as_spreadsheet_text(value)
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        return (
            timezone.localtime(value).strftime("%d/%m/%Y %H:%M:%S")
            if timezone.is_aware(value)
            else value.strftime("%d/%m/%Y %H:%M:%S")
        )
    if isinstance(value, dt.date):
        return value.strftime("%d/%m/%Y")
    if isinstance(value, bool):
        return "sim" if value else "não"
    return str(value)


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_response(
    rows: Iterable[Any], columns: list[Column], filename: str
) -> StreamingHttpResponse:
    writer = csv.writer(_Echo(), delimiter=";")
    # The rows are read while the response streams, after the middleware has left the request's
    # municipality and clock: each step runs in the request's context, kept here, or the
    # database's row-level security would find no row (ADR 0024) and times would leave its zone.
    request_context = contextvars.copy_context()

    def lines() -> Iterator[str]:
        yield "\ufeff" + writer.writerow([c.label for c in columns])
        for row in rows:
            yield writer.writerow([_text(c.value(row)) for c in columns])

    def in_request_context() -> Iterator[str]:
        steps = lines()
        while True:
            try:
                yield request_context.run(next, steps)
            except StopIteration:
                return

    response = StreamingHttpResponse(in_request_context(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    return response


def any_of(choices: Any, label: str = "todos") -> list[tuple[str, str]]:
    """A list filter's choices, the first (blank) meaning any of them."""
    return [("", label), *choices]


def date_filter(label: str) -> forms.DateField:
    """A list filter's optional day, picked in the browser's calendar."""
    return forms.DateField(label=label, required=False, widget=date_input())


def q_names_document(data: QueryDict) -> bool:
    """Whether a list's search (``q``) names a CPF or CNPJ (``core.search.names_document``)."""
    return names_document(data.get("q", ""))


def filters_of(
    request: HttpRequest, private: Callable[[QueryDict], bool] = q_names_document
) -> QueryDict | HttpResponseRedirect:
    """The filters of a list whose search (``q``) may name a person's document. Its form posts,
    so a CPF typed in it never lands in a URL (access logs, history, Referer): a search that
    ``private`` says names one is answered on the POST itself; any other is redirected to its
    URL (303), where it can be paged, sorted, exported and bookmarked. A GET's filters are its
    query string — but one that names a document (an old link, an address typed by hand) is
    moved at once to a token of the session (``core.searchtokens``), and the token's address
    reads the search back (paged, sorted and exported by the token, never the document)."""
    if request.method == "POST":
        if private(request.POST):
            return request.POST
        keep = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
        return searchtokens.SeeOther(_address(request, keep, private=False))
    if private(request.GET):
        return searchtokens.SeeOther(_address(request, request.GET.dict(), private=True))
    q, token, expired = searchtokens.searched(request)
    if not token:
        return request.GET
    if expired:
        messages.warning(request, searchtokens.EXPIRED)
        keep = {k: v for k, v in request.GET.items() if k != searchtokens.PARAM}
        return searchtokens.SeeOther(_address(request, keep, private=False))
    data = request.GET.copy()
    data["q"] = q
    return data


def _address(request: HttpRequest, params: dict[str, Any], *, private: bool) -> str:
    texts = {k: v.strip() for k, v in params.items() if isinstance(v, str)}
    return searchtokens.address(request, request.path, texts, private=private)


def listing(
    request: HttpRequest,
    qs: QuerySet[Any],
    columns: list[Column],
    *,
    default_order: str,
    filename: str,
    per_page: int | None = None,
    private: bool = False,
    municipality: Municipality | None = None,
    form: forms.Form | None = None,
) -> Listing | HttpResponseBase:
    """``qs`` already filtered from the request's GET; sorted by ``?ordem=<key>`` (``-<key>``
    descending), paged by ``?pagina=``, or exported whole with ``?formato=csv`` — an act of
    ``municipality`` (the request's, when not given: :func:`export_recorded`), its filters kept
    as ``form`` (the list's filter form) says they were given. A ``private``
    search (answered on its POST, :func:`filters_of`) offers no links: they would drop it."""
    orders = {c.key: c.order for c in columns if c.order}
    asked = request.GET.get("ordem", "")
    key = asked.lstrip("-")
    if key in orders:
        by = orders[key]
        qs = qs.order_by(("-" if asked.startswith("-") else "") + by, "-pk")
    else:
        asked = ""
        qs = qs.order_by(default_order, "-pk")
    if request.GET.get("formato") == "csv":
        exported = export_recorded(request, qs, filename, municipality, form)
        if not isinstance(exported, QuerySet):
            return exported
        return csv_response(exported.iterator(chunk_size=2000), columns, filename)
    keep = {k: v for k, v in request.GET.items() if k not in ("pagina", "formato") and v}
    query = urlencode(keep)
    page = Paginator(qs, per_page or PER_PAGE).get_page(request.GET.get("pagina"))
    base = {k: v for k, v in keep.items() if k != "ordem"}
    heads = []
    for c in columns:
        url = None
        if c.order and not private:
            flip = f"-{c.key}" if asked == c.key else c.key
            url = "?" + urlencode({**base, "ordem": flip})
        state = "ascending" if asked == c.key else "descending" if asked == f"-{c.key}" else ""
        heads.append({"label": c.label, "url": url, "sorted": state})
    csv_url = "" if private else "?" + urlencode({**keep, "formato": "csv"})
    return Listing(
        page=page,
        columns=heads,
        csv_url=csv_url,
        total=page.paginator.count,
        query=query,
        fields=columns,
    )


#: What the acts log keeps of a text typed in a list's filter, other than a CPF or CNPJ (ADR 0077).
TYPED_WITHHELD = f"[texto digitado, não registrado ({lgpd(6, inc='III')})]"

#: The parameters of a list's address that are not its filters.
_NOT_FILTERS = ("pagina", "formato", searchtokens.PARAM)


#: The parameters of a list's address that are the list's own, never typed about a person: the
#: column it is sorted by, the municipality the system administrator names.
_OWN = ("ordem", "municipio")


def _as_recorded(name: str, value: str, form: forms.Form | None) -> str:
    """A filter's value as the acts log keeps it (ADR 0077): chosen among the list's options (a
    choice, a date, a number, a yes/no its form accepts) or the list's own parameter, as it is;
    a CPF or CNPJ typed, masked (``mask_document``, ADR 0063); any other text typed — a name, an
    e-mail, a plate, a CNH number, or anything put in an option's place —, ``TYPED_WITHHELD``."""
    field = form.fields.get(name) if form is not None else None
    if field is None:
        return value if name in _OWN else TYPED_WITHHELD
    if not isinstance(field, forms.CharField):
        try:
            field.clean(value)
        except forms.ValidationError:
            return TYPED_WITHHELD
        return value
    if names_document(value):
        d = digits(value)
        return mask_document(d) if len(d) in (11, 14) else "***"
    return TYPED_WITHHELD


def export_filters(request: HttpRequest, form: forms.Form | None = None) -> dict[str, str]:
    """The filters of an export (or of the system administrator's reading of a log) as the acts
    log keeps them: those of its address and the search a session's token stands for read back,
    each as :func:`_as_recorded` says by ``form``, the list's filter form. The act tells an
    auditor which list left, narrowed by which filters, never the text typed about a person: the
    log is read by roles that must not read it, and is never erased (LGPD, Lei 13.709/2018, art.
    6º, III; art. 37)."""
    kept = {k: v for k, v in request.GET.dict().items() if k not in _NOT_FILTERS and v}
    text, token, _ = searchtokens.searched(request)
    if token and text:
        kept["q"] = text
    return {k: _as_recorded(k, v.strip(), form) for k, v in kept.items()}


def export_recorded(
    request: HttpRequest,
    qs: QuerySet[Any],
    filename: str,
    municipality: Municipality | None,
    form: forms.Form | None = None,
) -> QuerySet[Any] | HttpResponseBase:
    """The rows of a CSV export, once its act is written (``list.export``: who, which list, its
    filters and how many rows) in ``municipality`` — the one whose data leaves: the user's, or
    the one the system administrator named — in the request, before a row is sent. With no
    municipality to record it in, the export is refused (403): no export leaves unrecorded."""
    m = municipality or current_municipality_or_none()
    if m is None:
        return forbidden(request, "Exportação recusada: nenhum município em que registrá-la.")
    with transaction.atomic(), tenant(m):
        rows = qs.count()
        act = record_act(
            municipality=m,
            actor=actor_of(request),
            action="list.export",
            object_type="core.list",
            object_id=filename,
            new={
                "lista": filename,
                "endereco": request.path,
                "filtros": export_filters(request, form),
                "linhas": rows,
            },
        )
    # The acts log's own export: its act, written after the count, is not one of its rows.
    return qs.exclude(pk=act.pk) if qs.model is Act else qs


def page_of(
    request: HttpRequest,
    rows: Sequence[Any] | QuerySet[Any],
    *,
    param: str = "pagina",
    per_page: int | None = None,
) -> Listing:
    """One page of ``rows`` already in their order (a queue computed in Python, a list without
    sorting or export), for ``core/_listing_pages.html``: the count and the links to the other
    pages, keeping the rest of the query string (another list's page on the same screen)."""
    keep = {k: v for k, v in request.GET.items() if k != param and v}
    page = Paginator(rows, per_page or PER_PAGE).get_page(request.GET.get(param))
    return Listing(
        page=page,
        columns=[],
        csv_url="",
        total=page.paginator.count,
        query=urlencode(keep),
        param=param,
    )


def filtered(qs: QuerySet[Any], data: dict[str, Any], lookups: dict[str, str]) -> QuerySet[Any]:
    """``qs`` narrowed by each filled field of a filter form: ``lookups`` maps the field to the
    ORM lookup it fills (``{"situacao": "status", "de": "created_at__date__gte"}``); a text is
    trimmed, an empty field ignored."""
    for name, lookup in lookups.items():
        value = data.get(name)
        if isinstance(value, str):
            value = value.strip()
        if value not in (None, "", False):
            qs = qs.filter(**{lookup: value})
    return qs


def list_page(
    request: HttpRequest,
    *,
    form: Any,
    qs: QuerySet[Any],
    narrow: Callable[[QuerySet[Any], dict[str, Any]], QuerySet[Any]],
    columns: list[Column],
    default_order: str,
    filename: str,
    template: str,
    context: dict[str, Any] | Callable[[QuerySet[Any]], dict[str, Any]] | None = None,
    municipality: Municipality | None = None,
    private: bool = False,
) -> HttpResponseBase:
    """A list screen whole: ``form`` (bound to the GET) narrows ``qs`` by ``narrow``, then the
    sorted page of ``template`` with ``listing`` and ``form`` — or its CSV (an act of
    ``municipality``, the request's when not given). ``context``: more of the page, or what
    reads it from the narrowed ``qs`` (a total); ``private``: as :func:`listing`."""
    if form.is_valid():
        qs = narrow(qs, form.cleaned_data)
    result = listing(
        request,
        qs,
        columns,
        default_order=default_order,
        filename=filename,
        private=private,
        municipality=municipality,
        form=form,
    )
    if not isinstance(result, Listing):
        return result
    more = context(qs) if callable(context) else context or {}
    return render(request, template, {"listing": result, "form": form, **more})


def searched_page(
    request: HttpRequest, *, form_of: Callable[[QueryDict | None], Any], **page: Any
) -> HttpResponseBase:
    """:func:`list_page` of a list whose search may name a person's document: its filters read
    by :func:`filters_of` (a private search answered on its POST, any other redirected to its
    URL), the filter form ``form_of`` builds from them; ``page``: the rest of ``list_page``."""
    data = filters_of(request)
    if not isinstance(data, QueryDict):
        return data
    return list_page(request, form=form_of(data or None), private=data is request.POST, **page)
