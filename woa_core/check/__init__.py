"""Rule checking: invariants, hypothesis strategies, scenarios written as data, rule coverage."""
