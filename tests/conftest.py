import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Never touch the real user data directory; English unless a test says otherwise."""
    monkeypatch.setenv("SHENGJI_TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("SHENGJI_TUTOR_LANG", raising=False)
    from content import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


from hypothesis import HealthCheck, settings  # noqa: E402

# Under load (2 cores, CI) wall-clock deadlines make property tests flaky.
settings.register_profile("default", deadline=None, max_examples=100,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
