"""The economics above the credit: the net benefit test as the authority runs it and as an economist
would (residents' incomes, after Bartik), its assumptions, calibration, risk over hiring paths and
sweeps."""
from importlib.resources import files

DATA = files(__name__)  # the assumptions, streams and calibration files beside these modules (SOURCES.md)
