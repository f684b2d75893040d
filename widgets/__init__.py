"""Widget kit (installed as pirates_lab.widgets)."""
