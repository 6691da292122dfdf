"""`vg.bind` is the step that binds cards (docs/lua-api.md §10.2), as every script uses it; the
bind zone's selector is `vg.bind_zone` (§4.1). Both were once declared as `vg.bind`, and the
step silently replaced the selector."""

from __future__ import annotations

from pathlib import Path

from vgcore.plugins import Registry

CARDS = """set: bindtest
name: bind names
cards:
  - {id: BN-001, name: Binder, kind: normal_unit, grade: 1, power: 8000, shield: 5000,
     critical: 1, skill: boost, nation: Brandt Gate}
"""
SCRIPT = """-- BN-001 Binder
return vg.card {
  vg.act {
    condition = vg.cond.count(vg.bind_zone { face = "down" }, 1),
    effect = { vg.bind(nil, { from = vg.drop(), face_down = true }) },
  },
}
"""


def test_bind_is_the_step_and_bind_zone_the_selector(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text(CARDS)
    (tmp_path / "BN-001.lua").write_text(SCRIPT)
    spec = Registry(card_dirs=[tmp_path], strict=True).engine("d-standard").script(
        "BN-001").abilities[0].spec
    assert spec["condition"]["count"] == {"zone": ("bind",), "owner": "you", "face": "down"}
    assert spec["effect"][0]["op"] == "bind"
    assert spec["effect"][0]["from"] == {"zone": ("drop",), "owner": "you"}
