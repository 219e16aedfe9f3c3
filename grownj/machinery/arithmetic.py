"""The statute's own arithmetic: whole steps of a percentage, ratios that may divide by zero,
and dollar amounts to the cent. Law, not machinery: every rule module may use these."""
from __future__ import annotations

import numpy as np

# Ratios such as 1.2 / 1 - 1 land a hair under 0.2 in binary floating point; the
# statute's "each 20 percent" must count that as one full step.
STEP_TOLERANCE = 1e-9


def whole_steps(excess: np.ndarray, step: float) -> np.ndarray:
    """Number of complete `step`s in `excess` (a fraction above a reference), never negative."""
    steps = np.divide(excess, step)
    steps += STEP_TOLERANCE
    np.floor(steps, out=steps)
    return np.maximum(steps, 0, out=steps)


def stepped_amount(excess: np.ndarray, step: float, per_step: float, maximum: float) -> np.ndarray:
    """`per_step` for each complete `step` in `excess`, at most `maximum` (bonuses c(5), c(6), c(10))."""
    with np.errstate(over="ignore"):  # an absurd ratio only hits the maximum
        return np.minimum(whole_steps(excess, step) * per_step, maximum)


def safe_ratio(numerator: np.ndarray, denominator: np.ndarray, when_zero: float = 0.0) -> np.ndarray:
    """numerator / denominator, with `when_zero` where the denominator is 0 (a project with no
    jobs, a county with no average salary given)."""
    denominator = np.asarray(denominator, dtype=float)
    out = np.full(np.broadcast(numerator, denominator).shape, when_zero, dtype=float)
    with np.errstate(over="ignore"):  # a huge ratio is fine: every use caps it
        np.divide(numerator, denominator, out=out, where=denominator != 0)
    return out


# A statutory fraction of an amount (60 x 10,000 x (1 - 1/3)) lands a few units in the last place
# off the exact amount in binary floating point; a relative 1e-12 absorbs that, and on any amount the
# fields allow it is far less than a cent.
AMOUNT_TOLERANCE = 1e-12


def at_least(amount: np.ndarray, threshold: np.ndarray) -> np.ndarray:
    """`amount` meets the exact `threshold` ("at least"): $1,333,333.33 does not meet $1,333,333.33 1/3."""
    return amount >= threshold * (1 - AMOUNT_TOLERANCE)


def cents_up(amount: np.ndarray) -> np.ndarray:
    """The least whole-cent amount that meets `amount` (at_least): a threshold as a person can pay it,
    so that 60 x 10,000 x (1 - 1/3) is $400,000 and 50,000 x $40 x (1 - 1/3) is $1,333,333.34."""
    return np.ceil(amount * 100 * (1 - AMOUNT_TOLERANCE)) / 100
