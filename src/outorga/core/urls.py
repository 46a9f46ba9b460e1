from django.urls import path

from . import views, views_municipal_data, views_outbox, views_panels, views_rule_suspensions

app_name = "core"

urlpatterns = [
    path("", views.home, name="home"),
    path("municipio/", views.municipality, name="municipality"),
    path("municipio/dados/", views_municipal_data.municipal_data, name="municipal_data"),
    path(
        "municipio/suspensoes-judiciais/",
        views_rule_suspensions.rule_suspensions,
        name="rule_suspensions",
    ),
    path("municipio/emails/", views_outbox.outbox, name="outbox"),
    path(
        "municipio/emails/<int:email_id>/reenviar/",
        views_outbox.outbox_resend,
        name="outbox_resend",
    ),
    path("paineis/", views_panels.panel_list, name="panels"),
    path("paineis/<slug:slug>/", views_panels.panel, name="panel"),
    path("atos/", views.acts, name="acts"),
    path("atos/<int:act_id>/", views.act_detail, name="act_detail"),
    path("lei/", views.law_questions, name="law_questions"),
    path("lei/<str:qid>/", views.law_explain, name="law_explain"),
]
