"""What the PyInstaller bundle leaves out or adds by name; read by foebook.spec and the tests.

Kept apart from the spec so tests/packaging can check, without building,
that no module Foebook imports is excluded here.
"""

from __future__ import annotations

# Imported by name at run time, so static analysis cannot see them (the
# project's own packages are added with collect_submodules in the spec):
# the SQLAlchemy dialects chosen by URL, and what Alembic's env.py needs.
HIDDEN_IMPORTS = (
    "resources",
    "sqlalchemy.dialects.sqlite",
    "sqlalchemy.dialects.sqlite.pysqlite",
    "sqlalchemy.dialects.postgresql",
    "sqlalchemy.dialects.postgresql.psycopg",
    "psycopg",
    "alembic.ddl.sqlite",
    "alembic.ddl.postgresql",
    "alembic.runtime.migration",
)

# Qt modules Foebook does not use: it is a QtWidgets app (plus QtSvg and
# QtPrintSupport); no QML, web, OpenGL, multimedia or network. Excluding the
# Python modules keeps PyInstaller's Qt hooks from collecting their
# libraries, plugins and QML files.
QT_UNUSED_MODULES = (
    "Qt3DAnimation",
    "Qt3DCore",
    "Qt3DExtras",
    "Qt3DInput",
    "Qt3DLogic",
    "Qt3DRender",
    "QtBluetooth",
    "QtCharts",
    "QtConcurrent",
    "QtDataVisualization",
    "QtDesigner",
    "QtGraphs",
    "QtHelp",
    "QtHttpServer",
    "QtLabsStyleKit",
    "QtLocation",
    "QtMultimedia",
    "QtMultimediaWidgets",
    "QtNetwork",
    "QtNetworkAuth",
    "QtNfc",
    "QtOpenGL",
    "QtOpenGLWidgets",
    "QtPdf",
    "QtPdfWidgets",
    "QtPositioning",
    "QtQml",
    "QtQmlFeatures",
    "QtQuick",
    "QtQuick3D",
    "QtQuickControls2",
    "QtQuickTest",
    "QtQuickWidgets",
    "QtRemoteObjects",
    "QtScxml",
    "QtSensors",
    "QtSerialBus",
    "QtSerialPort",
    "QtSpatialAudio",
    "QtSql",
    "QtStateMachine",
    "QtTest",
    "QtTextToSpeech",
    "QtUiTools",
    "QtWebChannel",
    "QtWebEngineCore",
    "QtWebEngineQuick",
    "QtWebEngineWidgets",
    "QtWebSockets",
    "QtWebView",
    "QtXml",
)

EXCLUDED_MODULES = (
    *(f"PySide6.{name}" for name in QT_UNUSED_MODULES),
    "tkinter",
    "_tkinter",
    "PyQt5",
    "PyQt6",
    "PySide2",
    "IPython",
    "matplotlib",
    "pytest",
    "hypothesis",
    "PyInstaller",
    "readline",
    # psycopg's prebuilt libpq with its own OpenSSL, Kerberos and LDAP is 10 MB;
    # the bundle's psycopg uses the system libpq (package libpq5) instead, which
    # only PostgreSQL users need.
    "psycopg_binary",
    # Pulled in by optional code paths of the dependencies, never used here.
    "pygments",
    "setuptools",
    "pkg_resources",
    "distutils",
    # PySide6 can use numpy when it is installed; Foebook never does (its searches are
    # plain Python), and numpy with its OpenBLAS would add about 35 MB.
    "numpy",
    # East-Asian codecs (about 1 MB); Foebook reads and writes UTF-8 only.
    "_codecs_jp",
    "_codecs_kr",
    "_codecs_cn",
    "_codecs_tw",
    "_codecs_hk",
    "_codecs_iso2022",
    "_multibytecodec",
)

# Files the Qt hooks still collect that a Widgets app on a Linux desktop never
# loads (matched as substrings of the path in the bundle).
UNUSED_QT_FILES = (
    # embedded-device platforms and input, TLS and network-status plugins
    "/plugins/platforms/libqeglfs",
    "/plugins/platforms/libqlinuxfb",
    "/plugins/platforms/libqvnc",
    "/plugins/platforms/libqvkkhrdisplay",
    "/plugins/platforms/libqminimalegl",
    "/plugins/egldeviceintegrations/",
    "/plugins/generic/",
    "/plugins/tls/",
    "/plugins/networkinformation/",
    "libQt6EglFS",
    "libQt6EglFs",
    "libQt6Network",
    # Qt's own translations: the app is English only
    "/Qt/translations/",
    # the GTK3 theme plugin, which drags in GTK, cairo and pango
    "/plugins/platformthemes/libqgtk3",
    # anything of QML, Quick, PDF, Designer, WebEngine that slips through
    "libQt6Quick",
    "libQt6Qml",
    "libQt6Pdf",
    "libQt6Designer",
    "libQt6WebEngine",
    "libQt6Lottie",
    "libQt6Labs",
    "/qml/",
    # image formats Foebook never reads (PNG is built into QtGui; SVG, JPEG, GIF, ICO stay)
    "/imageformats/libqtiff",
    "/imageformats/libqwebp",
    "/imageformats/libqtga",
    "/imageformats/libqwbmp",
    "/imageformats/libqicns",
    # Native Wayland (2.5 MB with its OpenGL buffer plugins): under a Wayland
    # session Qt uses X11 through XWayland, which every Wayland desktop runs.
    # Dropping it is what keeps the bundle under its 150 MB budget.
    "/plugins/platforms/libqwayland",
    "/plugins/wayland-",
    "libQt6Wayland",
    "libQt6WlShell",
    "libQt6OpenGL.",
)

# Libraries every desktop Linux has and that the PySide6 wheels themselves
# expect from the system (scripts/system-deps.sh `run` lists them): the
# bundle uses the system's copies, as a pip-installed Foebook does. The
# xcb-util libraries and libffi are missing on some systems and stay bundled.
SYSTEM_LIBRARIES = (
    "libstdc++.",
    "libgcc_s.",
    "libz.",
    "libzstd.",
    "liblzma.",
    "liblz4.",
    "libbz2.",
    "libbrotlicommon.",
    "libbrotlidec.",
    "libpcre2-8.",
    "libexpat.",
    "libpng16.",
    "libfreetype.",
    "libfontconfig.",
    "libglib-2.0.",
    "libgthread-2.0.",
    "libgio-2.0.",
    "libgobject-2.0.",
    "libgmodule-2.0.",
    "libdbus-1.",
    "libsystemd.",
    "libgcrypt.",
    "libgpg-error.",
    "libcap.",
    "libselinux.",
    "libmount.",
    "libblkid.",
    "libbsd.",
    "libmd.",
    "libuuid.",
    "libX11.",
    "libX11-xcb.",
    "libXau.",
    "libXdmcp.",
    "libXext.",
    "libxcb.",
    "libxcb-render.",
    "libxcb-shm.",
    "libxcb-xfixes.",
    "libxcb-shape.",
    "libxcb-randr.",
    "libxcb-sync.",
    "libxcb-xkb.",
    "libxcb-glx.",
    "libxkbcommon.",
    "libxkbcommon-x11.",
    "libssl.",
    "libcrypto.",
    "libsqlite3.",
    # CUPS (Qt's print-dialog plugin) and what it links: present wherever printing works.
    "libcups.",
    "libavahi-client.",
    "libavahi-common.",
    "libgnutls.",
    "libnettle.",
    "libhogweed.",
    "libgmp.",
    "libidn2.",
    "libunistring.",
    "libtasn1.",
    "libp11-kit.",
    "libkrb5.",
    "libk5crypto.",
    "libkrb5support.",
    "libgssapi_krb5.",
    "libcom_err.",
    "libkeyutils.",
)


def is_excluded_module(name: str) -> bool:
    """Whether the bundle leaves out module `name` (or the package it belongs to)."""
    return any(name == excluded or name.startswith(excluded + ".") for excluded in EXCLUDED_MODULES)


def is_unused_qt_file(dest: str) -> bool:
    path = "/" + dest.replace("\\", "/")
    return any(part in path for part in UNUSED_QT_FILES)
