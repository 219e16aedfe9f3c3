"""Start the dashboard with the heavy modules already imported, so that the first visitor of a
cold server does not wait for pandas, plotly and grownj to load (about a second here).
Arguments after the script name go to `streamlit run app.py`."""
import gc
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import grownj  # noqa: E402,F401
import grownj.charts  # noqa: E402,F401
import grownj.export  # noqa: E402,F401
import grownj.ui.inputs  # noqa: E402,F401
import grownj.ui.page  # noqa: E402,F401
from grownj import places  # noqa: E402
from streamlit.web import cli  # noqa: E402

places.municipalities()  # the picker's table, read once per server
# Out of the collector's full passes, which would walk all of the above (about 100 ms each) during
# the first visitor's page run; grownj.ui.heap freezes what the first run adds.
gc.freeze()

if __name__ == "__main__":
    sys.argv = ["streamlit", "run", str(ROOT / "app.py"), *sys.argv[1:]]
    sys.exit(cli.main())
