"""Simulation: running bot games (``runner``), streaming statistics (``stats``), reports."""
