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


def to_cents(amount: np.ndarray) -> np.ndarray:
    """Dollar thresholds to the cent, so that 60 x 10,000 x (1 - 1/3) is exactly $400,000."""
    return np.round(amount, 2)
