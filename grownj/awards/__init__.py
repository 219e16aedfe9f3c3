"""The awards the authority approved: the records as published, each explained by the inverse (which
inputs the statute needs to reproduce it), and the presets built from them."""
from importlib.resources import files

DATA = files(__name__)  # the award tables beside these modules (SOURCES.md names their sources)
