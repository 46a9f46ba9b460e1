from django.urls import path

from . import views

app_name = "portal"

urlpatterns = [
    path("portal/", views.home, name="home"),
    path("portal/permissoes/<int:permit_id>/", views.permit_detail, name="permit"),
    path("portal/permissoes/<int:permit_id>/cracha.pdf", views.badge_pdf, name="badge"),
    path("portal/avisos/<int:notification_id>/lido/", views.notification_read, name="read"),
    path("avisos/", views.staff_list, name="staff_list"),
]
