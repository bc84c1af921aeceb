"""What the service tells its operators: Prometheus metrics, OpenTelemetry traces, the probes
an orchestrator asks, the engines' cache counts."""
