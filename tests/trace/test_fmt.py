"""gamelib.trace.fmt: numbers as the kit writes them."""
import math

import gamelib.trace as T


def test_number_formats():
    assert [T.fmt_value(v) for v in (None, math.inf, -math.inf, 2.5, 3)] == ["", "+∞", "−∞", "2.5", "3"]
    assert T.tidy(0.9 * 1 + 0.1 * 4) == 1.3 and T.tidy(2.0) == 2 and T.tidy("x") == "x"
    assert T.interval_text(0.9000000001, 1.3000000000000003) == "[0.9, 1.3]"
    assert T.fmt_number(-1 / 3) == "−1/3" and T.fmt_vector((1, 2.0, -6)) == "(1, 2, −6)"
