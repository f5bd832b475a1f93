"""Pictures as SVG strings (no plotting library needed) and matplotlib figures built on ``Figure``."""
