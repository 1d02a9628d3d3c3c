"""Foebook: an enemy-AI companion for solo and co-operative tabletop games."""

__version__ = "0.1.0"

APP_NAME = "Foebook"
ORG_NAME = "Foebook"
ORG_DOMAIN = "foebook.org"
# Reverse-DNS id: desktop file name, window class and AppStream id all use it.
APP_ID = "org.foebook.Foebook"
