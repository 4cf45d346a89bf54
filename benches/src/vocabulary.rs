//! The words the generator draws from (the Python script's lists, in
//! its order: the draws index into them).

pub(crate) const SERVICES: &[&str] = &[
    "api",
    "web",
    "cache",
    "worker",
    "billing",
    "auth",
    "search",
    "ingest",
    "metrics",
    "gateway",
    "queue",
    "scheduler",
    "notifier",
    "report",
    "media",
    "ledger",
    "catalog",
    "checkout",
    "profile",
    "session",
    "audit",
    "export",
    "import",
    "mailer",
    "pricing",
    "inventory",
    "shipping",
    "ratings",
    "feed",
    "graph",
];
pub(crate) const TEAMS: &[&str] = &[
    "payments",
    "platform",
    "growth",
    "data",
    "identity",
    "core",
    "edge",
    "storage",
    "observability",
    "commerce",
    "mobile",
    "search",
];
pub(crate) const ENVS: &[&str] = &["prod", "staging", "qa", "dev"];
pub(crate) const DCS: &[&str] = &[
    "us-east-1a",
    "us-east-1b",
    "us-west-2a",
    "us-west-2c",
    "eu-central-1a",
    "eu-west-1b",
    "ap-south-1a",
    "ap-northeast-1c",
];
pub(crate) const REGIONS: &[&str] = &["global", "us", "eu", "apac"];
pub(crate) const GROUP_NAMES: &[&str] = &[
    "app", "frontend", "backend", "sidecars", "db", "cache", "workers", "canary", "batch", "proxy",
];
pub(crate) const TASK_NAMES: &[&str] = &[
    "server",
    "envoy",
    "migrate",
    "log-shipper",
    "redis",
    "nginx",
    "app",
    "cron",
    "init-config",
    "exporter",
    "vault-agent",
    "consumer",
];
pub(crate) const REGISTRIES: &[&str] = &[
    "registry.example.com",
    "ghcr.io/example-org",
    "docker.io/library",
    "123456789012.dkr.ecr.us-east-1.amazonaws.com",
];
pub(crate) const WORDS: &[&str] = &[
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
    "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
    "uniform", "victor", "whiskey", "xray", "yankee", "zulu",
];
pub(crate) const UNICODE_WORDS: &[&str] = &[
    "café",
    "naïve",
    "Zürich",
    "São Paulo",
    "Kraków",
    "東京",
    "Ελλάδα",
    "Москва",
    "smörgåsbord",
    "façade",
    "piñata",
    "über",
];
pub(crate) const ENV_KEYS: &[&str] = &[
    "LOG_LEVEL",
    "LOG_FORMAT",
    "PORT",
    "HTTP_ADDR",
    "GRPC_ADDR",
    "DATABASE_URL",
    "REDIS_URL",
    "FEATURE_FLAGS",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "GOMAXPROCS",
    "JAVA_OPTS",
    "TZ",
    "LANG",
    "APP_ENV",
    "CACHE_TTL",
    "MAX_CONNS",
    "TIMEOUT",
    "REGION",
    "SERVICE_NAME",
    "RUST_LOG",
    "NODE_ENV",
    "WORKERS",
];
pub(crate) const DURATIONS: &[&str] = &[
    "1s", "2s", "3s", "5s", "10s", "15s", "20s", "30s", "45s", "1m", "2m", "5m", "10m", "15m",
    "30m", "1h",
];
pub(crate) const CRONS: &[&str] = &[
    "*/5 * * * *",
    "0 * * * *",
    "15 2 * * *",
    "0 0 * * 0",
    "30 4 1 * *",
    "@hourly",
    "@daily",
];
pub(crate) const CONSTRAINT_ATTRS: &[&str] = &[
    "${attr.kernel.name}",
    "${attr.cpu.arch}",
    "${node.class}",
    "${meta.rack}",
    "${attr.driver.docker.version}",
    "${node.datacenter}",
    "${attr.unique.hostname}",
];
pub(crate) const OPERATORS: &[&str] = &[
    "=",
    "!=",
    "regexp",
    "version",
    "distinct_hosts",
    "set_contains",
    ">=",
    "is_set",
];
