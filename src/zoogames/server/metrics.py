"""Prometheus metrics of one server process, served at ``/metrics`` when asked for.

``ZOOGAMES_METRICS=on`` serves them (in Prometheus' text format, through
``prometheus-client``, the Prometheus project's own Python client); off by default, since
they say how busy the site is, and the proxy example keeps ``/metrics`` off the internet
(``deploy/zoogames-locations.conf``). Each process has its own registry: Prometheus
scrapes every server (they are separate processes, not forks sharing one port).

What is counted where it happens (``Service``): actions played (by humans, bots, or the
clock's stand-in) and the seconds from an action's check to its commit, the bots' thinking
seconds, database errors by type. What is read when scraped (:class:`Live`): open game
sockets, games in memory, bot turns waiting for a worker here, and the pushes and e-mails
that failed (``Notifier.failed``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from zoogames.server.service import Service

LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Histogram buckets of an action's seconds (the load target: p99 under 0.1 s)."""
THINKING = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)
"""Histogram buckets of a bot's thinking seconds (capped at ``ZOOGAMES_BOT_SECONDS``)."""


class Live(Collector):
    """What the metrics read from the service when scraped (nothing is kept twice)."""

    def __init__(self, service: Callable[[], Service | None]) -> None:
        self.service = service

    def collect(self) -> Iterator[Metric]:
        """The gauges and counters of the service as it stands."""
        service = self.service()
        if service is None:
            return
        yield GaugeMetricFamily(
            "zoogames_open_sockets", "Open game sockets", value=sum(service.open_sockets.values())
        )
        yield GaugeMetricFamily(
            "zoogames_games_in_memory", "Games held in memory", value=len(service.tables)
        )
        yield GaugeMetricFamily(
            "zoogames_bot_turns_waiting",
            "Bot turns waiting for a worker of this process",
            value=service.bots.waiting,
        )
        failed = CounterMetricFamily(
            "zoogames_notifications_failed", "Pushes and e-mails that failed", labels=["kind"]
        )
        for kind in ("push", "email"):
            failed.add_metric([kind], service.notifier.failed[kind])
        yield failed


class Metrics:
    """The metrics of one server process (see the module docstring)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.actions = Counter(
            "zoogames_actions",
            "Actions played, by who played them",
            ["by"],
            registry=self.registry,
        )
        self.action_seconds = Histogram(
            "zoogames_action_seconds",
            "Seconds from an action's check to its commit (a human's or a bot's)",
            buckets=LATENCY,
            registry=self.registry,
        )
        self.thinking = Histogram(
            "zoogames_bot_thinking_seconds",
            "Seconds a bot thought about one action",
            buckets=THINKING,
            registry=self.registry,
        )
        self.database_errors = Counter(
            "zoogames_database_errors",
            "Database calls that failed, by the error's type",
            ["error"],
            registry=self.registry,
        )
        self._service: Service | None = None
        self.registry.register(Live(lambda: self._service))

    def watch(self, service: Service) -> None:
        """Read the live figures from ``service`` (its sockets, games, queue, sends)."""
        self._service = service
