//! The Nomad blocks of a job: heredoc bodies, constraints, services,
//! tasks and groups, each drawing its random choices in the script's
//! order.

use crate::rng::Rng;
use crate::text::*;
use crate::vocabulary::*;

pub(crate) fn heredoc_body(rng: &mut Rng, svc: &str, team: &str) -> Vec<String> {
    let kind = rng.below(4);
    let mut lines: Vec<String> = Vec::new();
    match kind {
        0 => {
            let n = rng.int(3, 9);
            for k in rng.sample(ENV_KEYS, n) {
                lines.push(format!(
                    "{k}={{{{ key \"config/{svc}/{}\" }}}}",
                    k.to_lowercase()
                ));
            }
            lines.push(format!(
                "SECRET_TOKEN={{{{ with secret \"kv/data/{team}/{svc}\" }}}}{{{{ .Data.data.token }}}}{{{{ end }}}}"
            ));
        }
        1 => {
            let d = rng.choice(DURATIONS);
            let e = rng.choice(ENVS);
            for l in [
                "upstream backend {".to_string(),
                format!("{{{{ range service \"{svc}\" }}}}"),
                format!(
                    "  server {{{{ .Address }}}}:{{{{ .Port }}}} max_fails=3 fail_timeout={d};"
                ),
                "{{ else }}  server 127.0.0.1:65535; # force a 502".to_string(),
                "{{ end }}".to_string(),
                "}".to_string(),
                "server {".to_string(),
                "  listen $${NOMAD_PORT_http};".to_string(),
                format!("  server_name {svc}.{e}.example.com;"),
                "  location / {".to_string(),
                "    proxy_set_header Host $host;".to_string(),
                "    proxy_set_header X-Real-IP $remote_addr;".to_string(),
                "    proxy_pass http://backend;".to_string(),
                "  }".to_string(),
                "  location /healthz { return 200 'ok'; }".to_string(),
                "}".to_string(),
            ] {
                lines.push(l);
            }
        }
        2 => {
            let greeting = rng.choice(UNICODE_WORDS);
            lines.push("service:".into());
            lines.push(format!("  name: {svc}"));
            lines.push(format!("  team: {team}"));
            lines.push("  listen: 0.0.0.0:{{ env \"NOMAD_PORT_http\" }}".into());
            lines.push("  alloc_dir: $${NOMAD_ALLOC_DIR}".into());
            lines.push(format!("  greeting: \"{greeting}\""));
            lines.push("limits:".into());
            let n = rng.int(2, 6);
            for w in rng.sample(WORDS, n) {
                let v = rng.int(1, 10000);
                lines.push(format!("  {w}: {v}"));
            }
            let r = rng.int(1, 99);
            lines.push(format!("ratio: {r}%"));
        }
        _ => {
            lines.push(format!("[{svc}]"));
            let n = rng.int(3, 8);
            for w in rng.sample(WORDS, n) {
                let num = rng.int(0, 999).to_string();
                let d = rng.choice(DURATIONS);
                let v = rng.choice(&["on", "off", num.as_str(), d]).to_string();
                lines.push(format!("{svc}.{w} = {v}"));
            }
            lines.push(format!("; generated for {team}, do not edit"));
        }
    }
    lines
}

// ------------------------------------------------------------------ blocks

pub(crate) fn w_constraint(w: &mut W, d: usize, rng: &mut Rng) {
    w.line(d, "constraint {");
    let op = rng.choice(OPERATORS);
    let mut pairs = vec![p("attribute", quote(rng.choice(CONSTRAINT_ATTRS)))];
    if op != "=" || rng.chance(0.3) {
        pairs.push(p("operator", quote(op)));
    }
    if op != "distinct_hosts" && op != "is_set" {
        let dc = rng.choice(DCS);
        let v = rng.choice(&[
            "linux", "amd64", "arm64", "compute", ">= 20.10", "r[0-9]+", dc,
        ]);
        pairs.push(p("value", quote(v)));
    }
    w.attrs(d + 1, &pairs, None);
    w.line(d, "}");
}

pub(crate) fn w_affinity(w: &mut W, d: usize, rng: &mut Rng) {
    w.line(d, "affinity {");
    let a = quote(rng.choice(CONSTRAINT_ATTRS));
    let v = quote(rng.choice(DCS));
    let weight = rng.int(-100, 100).to_string();
    w.attrs(
        d + 1,
        &[p("attribute", a), p("value", v), p("weight", weight)],
        None,
    );
    w.line(d, "}");
}

pub(crate) fn w_spread(w: &mut W, d: usize, rng: &mut Rng) {
    w.line(d, "spread {");
    let weight = rng.int(1, 100).to_string();
    w.attrs(
        d + 1,
        &[
            p("attribute", quote("${node.datacenter}")),
            p("weight", weight),
        ],
        None,
    );
    let n = rng.int(1, 3);
    let dcs = rng.sample(DCS, n);
    let mut left = 100;
    for (i, dc) in dcs.iter().enumerate() {
        let pct = if i == dcs.len() - 1 {
            left
        } else {
            rng.int(1, left - (dcs.len() - i - 1) as i64)
        };
        left -= pct;
        w.line(d + 1, &format!("target {} {{", quote(dc)));
        w.line(d + 2, &format!("percent = {pct}"));
        w.line(d + 1, "}");
    }
    w.line(d, "}");
}

pub(crate) fn w_check(w: &mut W, d: usize, rng: &mut Rng, port: &str) {
    w.line(d, "check {");
    let typ = rng.choice(&["http", "tcp", "grpc", "http", "script"]);
    let mut pairs = vec![
        p("name", quote(&format!("{port}-{typ}"))),
        p("type", quote(typ)),
    ];
    if typ == "http" {
        pairs.push(p(
            "path",
            quote(rng.choice(&["/healthz", "/health", "/v1/status", "/ready"])),
        ));
        pairs.push(p("method", quote(rng.choice(&["GET", "HEAD"]))));
    }
    if typ == "script" {
        pairs.push(p("command", quote("/bin/sh")));
        let args = lst(
            &[quote("-c"), quote("test -f /tmp/ready && echo \"ok\"")],
            rng,
        );
        pairs.push(p("args", args));
    } else {
        pairs.push(p("port", quote(port)));
    }
    pairs.push(p("interval", dur(rng)));
    pairs.push(p("timeout", quote(rng.choice(&["1s", "2s", "3s", "5s"]))));
    w.attrs(d + 1, &pairs, None);
    if typ == "http" && rng.chance(0.4) {
        w.line(d + 1, "header = {");
        let token = quote(&format!("Bearer {:016x}", rng.next()));
        w.line(d + 2, &format!("Authorization = [{token}]"));
        w.line(d + 2, "\"X-Request-Source\" = [\"nomad\", \"consul\"]");
        w.line(d + 1, "}");
    }
    if rng.chance(0.3) {
        w.line(d + 1, "check_restart {");
        let limit = rng.int(1, 5).to_string();
        let grace = dur(rng);
        let iw = b(rng, 0.2);
        w.attrs(
            d + 2,
            &[
                p("limit", limit),
                p("grace", grace),
                p("ignore_warnings", iw),
            ],
            None,
        );
        w.line(d + 1, "}");
    }
    w.line(d, "}");
}

pub(crate) fn w_service(w: &mut W, d: usize, rng: &mut Rng, svc: &str, ports: &[&str], team: &str) {
    w.line(d, "service {");
    let port = rng.choice(ports);
    let prefix = format!("urlprefix-/{svc}");
    let team_tag = format!("team={team}");
    let pool = [
        "http",
        "grpc",
        "public",
        "internal",
        "v1",
        "v2",
        "traefik.enable=true",
        prefix.as_str(),
        team_tag.as_str(),
        "canary",
    ];
    let n = rng.int(0, 5);
    let tags: Vec<String> = rng.sample(&pool, n).iter().map(|t| quote(t)).collect();
    let tags = lst(&tags, rng);
    let mut pairs = vec![
        p("name", quote(&format!("{svc}-{port}"))),
        p("port", quote(port)),
        p("tags", tags),
    ];
    if rng.chance(0.3) {
        pairs.push(p("provider", quote(rng.choice(&["consul", "nomad"]))));
    }
    if rng.chance(0.2) {
        let v = format!("v{}", rng.int(1, 9));
        let l = lst(&[quote("canary"), quote(&v)], rng);
        pairs.push(p("canary_tags", l));
    }
    if rng.chance(0.2) {
        pairs.push(p(
            "address_mode",
            quote(rng.choice(&["auto", "host", "alloc"])),
        ));
    }
    w.attrs(d + 1, &pairs, None);
    if rng.chance(0.35) {
        let (a, b_, c) = (rng.int(0, 9), rng.int(0, 30), rng.int(0, 99));
        let meta = [
            p("version", quote(&format!("{a}.{b_}.{c}"))),
            p("owner", quote(team)),
        ];
        obj_block(w, d + 1, "meta", &meta, rng);
    }
    let n = rng.int(0, 2);
    for _ in 0..n {
        w_check(w, d + 1, rng, port);
    }
    w.line(d, "}");
}

/// A docker task's `config` attributes; the `labels` object (the one
/// value written as a multi-line object) is returned apart.
pub(crate) type Pairs = Vec<(String, String)>;

pub(crate) fn docker_config(
    rng: &mut Rng,
    svc: &str,
    team: &str,
    ports: &[&str],
) -> (Pairs, Option<Pairs>) {
    let reg = rng.choice(REGISTRIES);
    let (x, y, z) = (rng.int(0, 9), rng.int(0, 40), rng.int(0, 200));
    let ports_list: Vec<String> = ports.iter().map(|p| quote(p)).collect();
    let mut pairs = vec![
        p("image", quote(&format!("{reg}/{team}/{svc}:{x}.{y}.{z}"))),
        p("ports", format!("[{}]", ports_list.join(", "))),
    ];
    if rng.chance(0.6) {
        let region = format!("--region={}", rng.choice(REGIONS));
        let pool = [
            "-config",
            "local/app.conf",
            "--log-level=info",
            "--port=${NOMAD_PORT_http}",
            "serve",
            "--metrics",
            "-v",
            "--tls=false",
            region.as_str(),
        ];
        let n = rng.int(1, 6);
        let args: Vec<String> = rng.sample(&pool, n).iter().map(|a| quote(a)).collect();
        let l = lst(&args, rng);
        pairs.push(p("args", l));
    }
    if rng.chance(0.3) {
        let local = format!("/usr/local/bin/{svc}");
        pairs.push(p(
            "command",
            quote(rng.choice(&["/bin/app", local.as_str(), "sh"])),
        ));
    }
    pairs.push(p("force_pull", b(rng, 0.2)));
    if rng.chance(0.4) {
        pairs.push(p("network_mode", quote(rng.choice(&["bridge", "host"]))));
    }
    if rng.chance(0.4) {
        pairs.push(p(
            "shm_size",
            rng.choice(&[67108864, 134217728, 268435456]).to_string(),
        ));
    }
    if rng.chance(0.5) {
        let r = rng.int(5, 200) as f64 / 100.0;
        pairs.push(p("cpu_shares_ratio", format!("{r:.2}")));
    }
    if rng.chance(0.3) {
        let nproc = rng.choice(&[4096, 8192]).to_string();
        pairs.push(p(
            "ulimit",
            obj_inline(&[p("nofile", quote("65536:65536")), p("nproc", quote(&nproc))]),
        ));
    }
    let mut labels = None;
    if rng.chance(0.5) {
        let note = rng.choice(UNICODE_WORDS);
        let note = quote_r(note, rng);
        labels = Some(vec![
            (quote("com.example.team"), quote(team)),
            (quote("com.example.service"), quote(svc)),
            (quote("com.example.note"), note),
        ]);
    }
    if rng.chance(0.35) {
        let cfg = obj_inline(&[
            (quote("max-size"), quote("10m")),
            (quote("max-file"), quote("3")),
        ]);
        pairs.push(p(
            "logging",
            obj_inline(&[
                p("type", quote("json-file")),
                p("config", format!("[{cfg}]")),
            ]),
        ));
    }
    if rng.chance(0.3) {
        let m = obj_inline(&[
            p("type", quote("bind")),
            p("target", quote("/etc/ssl/certs")),
            p("source", quote("/etc/ssl/certs")),
            p("readonly", "true"),
        ]);
        pairs.push(p("mount", format!("[{m}]")));
    }
    if rng.chance(0.3) {
        let l = lst(
            &[
                quote(&format!("local/conf:/etc/{svc}")),
                quote("secrets:/run/secrets"),
            ],
            rng,
        );
        pairs.push(p("volumes", l));
    }
    // The script keeps `labels` in its place among the pairs, but writes
    // it after the single-line attributes; so it is kept apart here.
    (pairs, labels)
}

pub(crate) fn w_task(
    w: &mut W,
    d: usize,
    rng: &mut Rng,
    name: &str,
    svc: &str,
    team: &str,
    ports: &[&str],
) {
    w.line(d, &format!("task {} {{", quote(name)));
    let driver = rng.choice(&[
        "docker", "docker", "docker", "docker", "exec", "raw_exec", "java",
    ]);
    let mut pairs = vec![p("driver", quote(driver))];
    if rng.chance(0.3) {
        pairs.push(p(
            "user",
            quote(rng.choice(&["nobody", "app", "root", "www-data"])),
        ));
    }
    if rng.chance(0.3) {
        pairs.push(p("kill_timeout", dur(rng)));
    }
    if rng.chance(0.15) {
        pairs.push(p("leader", "true"));
    }
    let comment = rng.chance(0.1).then_some((
        "driver",
        "// see https://developer.hashicorp.com/nomad/docs/drivers",
    ));
    w.attrs(d + 1, &pairs, comment);
    w.line(d + 1, "");

    let (cfg, labels) = if driver == "docker" {
        docker_config(rng, svc, team, ports)
    } else if driver == "java" {
        let xmx = format!("-Xmx{}m", rng.choice(&[256, 512, 1024, 2048]));
        let opts = lst(
            &[quote(&xmx), quote("-Xms128m"), quote("-XX:+UseG1GC")],
            rng,
        );
        (
            vec![
                p("jar_path", quote(&format!("local/{svc}.jar"))),
                p("jvm_options", opts),
            ],
            None,
        )
    } else {
        let listen = format!("--listen=:{}", rng.int(1024, 65535));
        let args = lst(&[quote(&listen), quote("--verbose")], rng);
        (
            vec![
                p("command", quote(&format!("/usr/local/bin/{svc}"))),
                p("args", args),
            ],
            None,
        )
    };
    w.line(d + 1, "config {");
    w.attrs(d + 2, &cfg, None);
    if let Some(labels) = &labels {
        obj_block(w, d + 2, "labels", labels, rng);
    }
    w.line(d + 1, "}");

    w_env(w, d, rng, svc);

    w_artifacts(w, d, rng, svc, team);

    w_templates(w, d, rng, svc, team);

    w_resources(w, d, rng);

    w_task_tail(w, d, rng, svc, team, ports);
    w.line(d, "}");
}

/// The `env` block of a task.
pub(crate) fn w_env(w: &mut W, d: usize, rng: &mut Rng, svc: &str) {
    let mut env = Vec::new();
    let n = rng.int(0, 8);
    for k in rng.sample(ENV_KEYS, n) {
        let level = rng.choice(&["info", "debug", "warn", "json", "text"]);
        let port = rng.int(1, 65535).to_string();
        let db = format!(
            "postgres://{svc}@db.{}.internal:5432/{svc}?sslmode=require",
            rng.choice(ENVS)
        );
        let win = format!("C:\\Program Files\\{svc}");
        let word = rng.choice(UNICODE_WORDS);
        let v = rng.choice(&[
            level,
            port.as_str(),
            db.as_str(),
            "${NOMAD_ALLOC_DIR}/data",
            "a,b,c",
            "say \"hi\"\tthen\nnewline",
            win.as_str(),
            word,
            "100%{ratio}",
            "",
        ]);
        let v = quote_r(v, rng);
        env.push((k.to_string(), v));
    }
    obj_block(w, d + 1, "env", &env, rng);
}

/// A task's `artifact` blocks.
pub(crate) fn w_artifacts(w: &mut W, d: usize, rng: &mut Rng, svc: &str, team: &str) {
    let n = rng.int(0, 2);
    for _ in 0..n {
        w.line(d + 1, "artifact {");
        let src = format!(
            "https://artifacts.example.com/{team}/{svc}-{}.tar.gz",
            rng.int(1, 999)
        );
        w.attrs(
            d + 2,
            &[p("source", quote(&src)), p("destination", quote("local/"))],
            None,
        );
        w.line(d + 2, "options = {");
        let (a, b_, c, e) = (rng.next(), rng.next(), rng.next(), rng.next());
        let sum = quote(&format!("sha256:{a:016x}{b_:016x}{c:016x}{e:016x}"));
        w.line(d + 3, &format!("checksum = {sum}"));
        w.line(d + 2, "}");
        w.line(d + 1, "}");
    }
}

/// A task's `template` blocks (heredoc bodies).
pub(crate) fn w_templates(w: &mut W, d: usize, rng: &mut Rng, svc: &str, team: &str) {
    let n = rng.int(0, 2);
    for i in 0..n {
        w.line(d + 1, "");
        w.line(d + 1, "template {");
        let body = heredoc_body(rng, svc, team);
        if rng.chance(0.5) {
            w.line(d + 2, "data = <<-EOH");
            for ln in &body {
                w.line(d + 3, ln);
            }
            w.line(d + 2, "EOH");
        } else {
            w.line(d + 2, "data = <<EOT");
            for ln in &body {
                w.raw(ln);
            }
            w.raw("EOT");
        }
        let dest = rng.choice(&[
            "local/app.env",
            "local/nginx.conf",
            "secrets/app.yaml",
            "local/app.ini",
        ]);
        let dest = if i == 0 {
            dest.to_string()
        } else {
            format!("{dest}.{i}")
        };
        let mut tp = vec![
            p("destination", quote(&dest)),
            p(
                "change_mode",
                quote(rng.choice(&["restart", "signal", "noop"])),
            ),
        ];
        if rng.chance(0.3) {
            tp.push(p("change_signal", quote("SIGHUP")));
        }
        if rng.chance(0.3) {
            tp.push(p("perms", quote("0640")));
        }
        if rng.chance(0.3) {
            tp.push(p("env", b(rng, 0.5)));
        }
        w.attrs(d + 2, &tp, None);
        w.line(d + 1, "}");
    }
}

/// A task's `resources` block.
pub(crate) fn w_resources(w: &mut W, d: usize, rng: &mut Rng) {
    w.line(d + 1, "");
    w.line(d + 1, "resources {");
    let cpu = rng.choice(&[100, 200, 250, 500, 1000, 2000]).to_string();
    let mem = rng.choice(&[64, 128, 256, 512, 1024, 2048]).to_string();
    let mut rp = vec![p("cpu", cpu), p("memory", mem)];
    if rng.chance(0.3) {
        rp.push(p("memory_max", rng.choice(&[1024, 2048, 4096]).to_string()));
    }
    let comment = rng.chance(0.2).then_some(("cpu", "# MHz"));
    w.attrs(d + 2, &rp, comment);
    w.line(d + 1, "}");
}

/// The rest of a task: services, `logs`, `lifecycle`, `vault` and
/// `volume_mount`.
pub(crate) fn w_task_tail(
    w: &mut W,
    d: usize,
    rng: &mut Rng,
    svc: &str,
    team: &str,
    ports: &[&str],
) {
    let n = rng.int(0, 2);
    for _ in 0..n {
        w.line(d + 1, "");
        w_service(w, d + 1, rng, svc, ports, team);
    }

    if rng.chance(0.4) {
        w.line(d + 1, "logs {");
        let files = rng.int(1, 10).to_string();
        let size = rng.choice(&[10, 15, 50]).to_string();
        w.attrs(
            d + 2,
            &[p("max_files", files), p("max_file_size", size)],
            None,
        );
        w.line(d + 1, "}");
    }
    if rng.chance(0.2) {
        w.line(d + 1, "lifecycle {");
        let hook = quote(rng.choice(&["prestart", "poststart", "poststop"]));
        let sidecar = b(rng, 0.5);
        w.attrs(d + 2, &[p("hook", hook), p("sidecar", sidecar)], None);
        w.line(d + 1, "}");
    }
    if rng.chance(0.2) {
        w.line(d + 1, "vault {");
        let pol = lst(
            &[
                quote(&format!("{svc}-read")),
                quote(&format!("{team}-common")),
            ],
            rng,
        );
        w.attrs(
            d + 2,
            &[p("policies", pol), p("change_mode", quote("restart"))],
            None,
        );
        w.line(d + 1, "}");
    }
    let n = rng.int(0, 1);
    for _ in 0..n {
        w.line(d + 1, "volume_mount {");
        let ro = b(rng, 0.3);
        w.attrs(
            d + 2,
            &[
                p("volume", quote("data")),
                p("destination", quote(&format!("/var/lib/{svc}"))),
                p("read_only", ro),
            ],
            None,
        );
        w.line(d + 1, "}");
    }
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn w_group(
    w: &mut W,
    d: usize,
    rng: &mut Rng,
    name: &str,
    svc: &str,
    team: &str,
    jobtype: &str,
) {
    w.line(d, &format!("group {} {{", quote(name)));
    let mut pairs = vec![p(
        "count",
        rng.choice(&[1, 1, 2, 3, 3, 5, 10, 25]).to_string(),
    )];
    if rng.chance(0.3) {
        pairs.push(p("shutdown_delay", dur(rng)));
    }
    let comment = rng
        .chance(0.15)
        .then_some(("count", "// scaled by the autoscaler"));
    w.attrs(d + 1, &pairs, comment);
    if rng.chance(0.3) {
        let tier = quote(rng.choice(&["gold", "silver", "bronze"]));
        let meta = [
            p("tier", tier),
            p("pager", quote(&format!("{team}-oncall"))),
        ];
        obj_block(w, d + 1, "meta", &meta, rng);
    }
    let n = rng.int(0, 1);
    for _ in 0..n {
        w_constraint(w, d + 1, rng);
    }
    w.line(d + 1, "");
    w_group_policies(w, d, rng, jobtype);

    let n = rng.int(1, 3);
    let ports = rng.sample(&["http", "grpc", "metrics", "admin", "db", "envoy"], n);
    w.line(d + 1, "");
    w.line(d + 1, "network {");
    let mode = quote(rng.choice(&["bridge", "host"]));
    w.line(d + 2, &format!("mode = {mode}"));
    for port in &ports {
        w.line(d + 2, &format!("port {} {{", quote(port)));
        if rng.chance(0.3) {
            let s = rng.int(1024, 65535);
            w.line(d + 3, &format!("static = {s}"));
        } else {
            let to = rng.choice(&[80, 443, 8080, 9090, 9102, 5432, 6379, 21000]);
            w.line(d + 3, &format!("to = {to}"));
        }
        if rng.chance(0.2) {
            let hn = quote(rng.choice(&["public", "private"]));
            w.line(d + 3, &format!("host_network = {hn}"));
        }
        w.line(d + 2, "}");
    }
    if rng.chance(0.2) {
        w.line(d + 2, "dns {");
        let l = lst(&[quote("10.0.0.2"), quote("1.1.1.1")], rng);
        w.line(d + 3, &format!("servers = {l}"));
        w.line(d + 2, "}");
    }
    w.line(d + 1, "}");

    if rng.chance(0.3) {
        w.line(d + 1, "volume \"data\" {");
        let ro = b(rng, 0.2);
        w.attrs(
            d + 2,
            &[
                p("type", quote("host")),
                p("source", quote(&format!("{svc}-data"))),
                p("read_only", ro),
            ],
            None,
        );
        w.line(d + 1, "}");
    }

    if jobtype == "service" && rng.chance(0.35) {
        w_scaling(w, d, rng, svc);
    }

    if rng.chance(0.2) {
        w.line(d + 1, "");
        w_service(w, d + 1, rng, svc, &ports, team);
    }

    let n = rng.int(1, 3);
    for tn in rng.sample(TASK_NAMES, n) {
        w.line(d + 1, "");
        w_task(w, d + 1, rng, tn, svc, team, &ports);
    }
    w.line(d, "}");
}

/// A group's `restart`, `reschedule` and `ephemeral_disk` blocks.
pub(crate) fn w_group_policies(w: &mut W, d: usize, rng: &mut Rng, jobtype: &str) {
    if rng.chance(0.7) {
        w.line(d + 1, "restart {");
        let attempts = rng.int(0, 10).to_string();
        let interval = dur(rng);
        let delay = dur(rng);
        let mode = quote(rng.choice(&["fail", "delay"]));
        w.attrs(
            d + 2,
            &[
                p("attempts", attempts),
                p("interval", interval),
                p("delay", delay),
                p("mode", mode),
            ],
            None,
        );
        w.line(d + 1, "}");
    }
    if jobtype == "service" && rng.chance(0.4) {
        w.line(d + 1, "reschedule {");
        let delay = dur(rng);
        let func = quote(rng.choice(&["constant", "exponential", "fibonacci"]));
        let max = dur(rng);
        let unlimited = b(rng, 0.7);
        w.attrs(
            d + 2,
            &[
                p("delay", delay),
                p("delay_function", func),
                p("max_delay", max),
                p("unlimited", unlimited),
            ],
            None,
        );
        w.line(d + 1, "}");
    }
    if rng.chance(0.4) {
        w.line(d + 1, "ephemeral_disk {");
        let size = rng.choice(&[150, 300, 1024, 4096]).to_string();
        let migrate = b(rng, 0.5);
        let sticky = b(rng, 0.5);
        w.attrs(
            d + 2,
            &[p("size", size), p("migrate", migrate), p("sticky", sticky)],
            None,
        );
        w.line(d + 1, "}");
    }
}

/// A service group's `scaling` block (with its nested policy object).
pub(crate) fn w_scaling(w: &mut W, d: usize, rng: &mut Rng, svc: &str) {
    w.line(d + 1, "scaling {");
    let min = rng.int(1, 3).to_string();
    let max = rng.int(4, 50).to_string();
    w.attrs(
        d + 2,
        &[p("enabled", "true"), p("min", min), p("max", max)],
        None,
    );
    w.line(d + 2, "policy = {");
    let cooldown = dur(rng);
    let eval = dur(rng);
    w.attrs(
        d + 3,
        &[p("cooldown", cooldown), p("evaluation_interval", eval)],
        None,
    );
    w.line(d + 3, "check = {");
    w.line(d + 4, "avg_cpu = {");
    let query = format!("avg(rate(process_cpu_seconds_total{{job=\"{svc}\"}}[1m])) * 100");
    let target = rng.int(300, 900) as f64 / 10.0;
    let strategy = obj_inline(&[p(
        "target-value",
        obj_inline(&[p("target", format!("{target:.1}"))]),
    )]);
    w.attrs(
        d + 5,
        &[
            p("source", quote("prometheus")),
            p("query", quote(&query)),
            p("strategy", strategy),
        ],
        None,
    );
    w.line(d + 4, "}");
    w.line(d + 3, "}");
    w.line(d + 2, "}");
    w.line(d + 1, "}");
}
