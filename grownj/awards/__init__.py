"""The awards the authority approved: the records as published, each explained by the inverse (which
inputs the statute needs to reproduce it), and the presets built from them."""
