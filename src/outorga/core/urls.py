from django.urls import path

from . import views

app_name = "core"

urlpatterns = [
    path("", views.home, name="home"),
    path("municipio/", views.municipality, name="municipality"),
    path("atos/", views.acts, name="acts"),
    path("atos/<int:act_id>/", views.act_detail, name="act_detail"),
    path("lei/", views.law_questions, name="law_questions"),
    path("lei/<str:qid>/", views.law_explain, name="law_explain"),
]
