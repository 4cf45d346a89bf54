//! The `cidr` set (go-cty-funcs `cidr`, on apparentlymart/go-cidr):
//! `cidrhost`, `cidrnetmask`, `cidrsubnet`, `cidrsubnets`. Addresses are
//! the standard library's; the arithmetic is done on 128-bit integers.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use super::stdlib::{build, build_in_context, go_int, num_arg, shared_function, str_arg};
use super::{Function, FunctionError, Parameter, ReturnType};
use crate::Type;
use crate::value::Value;

/// A network as Go's `net.ParseCIDR` gives it: the address with the host
/// bits cleared, the prefix length, and the address length in bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Net {
    addr: u128,
    prefix: u32,
    bits: u32,
}

fn mask(prefix: u32, bits: u32) -> u128 {
    let all: u128 = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    if prefix == 0 {
        return 0;
    }
    all & !((1u128 << (bits - prefix)) - 1)
}

fn host_mask(prefix: u32, bits: u32) -> u128 {
    let all: u128 = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    all & !mask(prefix, bits)
}

/// An IPv4 address whose parts may have leading zeros, read as decimal
/// (Terraform's `ipaddr`, Go's parser before Go 1.17).
fn lenient_v4(s: &str) -> Option<Ipv4Addr> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut octets = [0u8; 4];
    for (o, p) in octets.iter_mut().zip(&parts) {
        if p.is_empty() || p.len() > 3 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *o = p.parse().ok()?;
    }
    Some(Ipv4Addr::from(octets))
}

/// An address as Terraform reads one (`terraform`: leading zeros allowed
/// in IPv4 parts).
fn parse_ip(s: &str, terraform: bool) -> Option<IpAddr> {
    s.parse()
        .ok()
        .or_else(|| terraform.then(|| lenient_v4(s).map(IpAddr::V4)).flatten())
}

/// `net.ParseCIDR`, or Terraform's `ipaddr.ParseCIDR` (`terraform`).
fn parse_cidr_in(s: &str, terraform: bool) -> Result<Net, FunctionError> {
    let err = || {
        FunctionError::call(format!(
            "invalid CIDR expression: invalid CIDR address: {s}"
        ))
    };
    let (ip, len) = s.split_once('/').ok_or_else(err)?;
    let ip = parse_ip(ip, terraform).ok_or_else(err)?;
    if len.is_empty() || !len.bytes().all(|b| b.is_ascii_digit()) || len.len() > 4 {
        return Err(err());
    }
    let prefix: u32 = len.parse().map_err(|_| err())?;
    let (addr, bits) = match ip {
        IpAddr::V4(a) => (u128::from(u32::from(a)), 32),
        IpAddr::V6(a) => (u128::from(a), 128),
    };
    if prefix > bits {
        return Err(err());
    }
    Ok(Net {
        addr: addr & mask(prefix, bits),
        prefix,
        bits,
    })
}

/// Go's `IP.String()` (an IPv4-mapped IPv6 address prints as IPv4).
fn ip_string(addr: u128, bits: u32) -> String {
    if bits == 32 {
        return Ipv4Addr::from(addr as u32).to_string();
    }
    let a = Ipv6Addr::from(addr);
    match a.to_ipv4_mapped() {
        Some(v4) => v4.to_string(),
        None => a.to_string(),
    }
}

/// Go's `IPNet.String()`: an IPv4-mapped network prints as IPv4, with the
/// last 32 bits of its mask.
fn net_string(n: &Net) -> String {
    let mapped = n.bits == 128 && Ipv6Addr::from(n.addr).to_ipv4_mapped().is_some();
    let prefix = if mapped {
        n.prefix.saturating_sub(96)
    } else {
        n.prefix
    };
    format!("{}/{prefix}", ip_string(n.addr, n.bits))
}

shared_function! {
    /// `cidrhost(prefix, hostnum)`: the address of host `hostnum` (negative:
    /// from the end) in a network.
    cidrhost => cidrhost_in(false)
}

/// `cidrhost` as go-cty-funcs (`terraform` false) or Terraform has it.
pub(crate) fn cidrhost_in(terraform: bool) -> Function {
    build(
        "Calculates a full host IP address within a given IP network address prefix.",
        vec![
            Parameter::new("prefix", Type::String),
            Parameter::new("hostnum", Type::Number),
        ],
        None,
        ReturnType::Static(Type::String),
        move |args, _| {
            let num = go_int(num_arg(args, 1)?)?;
            let n = parse_cidr_in(str_arg(args, 0)?, terraform)?;
            let host_len = n.bits - n.prefix;
            let max: u128 = if host_len >= 128 {
                u128::MAX
            } else {
                (1u128 << host_len) - 1
            };
            let (host, magnitude) = if num < 0 {
                let back = (-(num as i128) - 1) as u128;
                (max.wrapping_sub(back), back)
            } else {
                (num as u128, num as u128)
            };
            if magnitude > max {
                return Err(FunctionError::call(format!(
                    "prefix of {} does not accommodate a host numbered {num}",
                    n.prefix
                )));
            }
            Ok(Value::string(ip_string(
                n.addr | (host & host_mask(n.prefix, n.bits)),
                n.bits,
            )))
        },
    )
}

shared_function! {
    /// `cidrnetmask(prefix)`: an IPv4 network's mask in dotted form.
    cidrnetmask => cidrnetmask_in(false)
}

/// `cidrnetmask` as go-cty-funcs (`terraform` false) or Terraform has it.
pub(crate) fn cidrnetmask_in(terraform: bool) -> Function {
    build(
        "Converts an IPv4 address prefix given in CIDR notation into a subnet mask address.",
        vec![Parameter::new("prefix", Type::String)],
        None,
        ReturnType::Static(Type::String),
        move |args, _| {
            let n = parse_cidr_in(str_arg(args, 0)?, terraform)?;
            if terraform && n.bits == 128 && Ipv6Addr::from(n.addr).to_ipv4_mapped().is_none() {
                return Err(FunctionError::call(format!(
                    "IPv6 addresses cannot have a netmask: {}",
                    str_arg(args, 0)?
                )));
            }
            let m = mask(n.prefix, n.bits);
            Ok(Value::string(if n.bits == 32 {
                Ipv4Addr::from(m as u32).to_string()
            } else {
                Ipv6Addr::from(m).to_string()
            }))
        },
    )
}

/// go-cidr's `Subnet`.
fn subnet(n: &Net, newbits: i64, num: i64) -> Result<Net, FunctionError> {
    let new_prefix = i64::from(n.prefix) + newbits;
    if newbits < 0 || new_prefix > i64::from(n.bits) {
        return Err(FunctionError::call(format!(
            "insufficient address space to extend prefix of {} by {newbits}",
            n.prefix
        )));
    }
    let max: u64 = if newbits >= 64 {
        u64::MAX
    } else {
        (1u64 << newbits) - 1
    };
    if num < 0 || num as u64 > max {
        return Err(FunctionError::call(format!(
            "prefix extension of {newbits} does not accommodate a subnet numbered {num}"
        )));
    }
    let new_prefix = new_prefix as u32;
    let shift = n.bits - new_prefix;
    let add = if shift >= 128 {
        0
    } else {
        (num as u128) << shift
    };
    Ok(Net {
        addr: (n.addr | add) & mask(new_prefix, n.bits),
        prefix: new_prefix,
        bits: n.bits,
    })
}

shared_function! {
    /// `cidrsubnet(prefix, newbits, netnum)`.
    cidrsubnet => cidrsubnet_in(false)
}

/// `cidrsubnet` as go-cty-funcs (`terraform` false) or Terraform has it.
pub(crate) fn cidrsubnet_in(terraform: bool) -> Function {
    build(
        "Calculates a subnet address within a given IP network address prefix.",
        vec![
            Parameter::new("prefix", Type::String),
            Parameter::new("newbits", Type::Number),
            Parameter::new("netnum", Type::Number),
        ],
        None,
        ReturnType::Static(Type::String),
        move |args, _| {
            let newbits = go_int(num_arg(args, 1)?)?;
            let netnum = go_int(num_arg(args, 2)?)?;
            let n = parse_cidr_in(str_arg(args, 0)?, terraform)?;
            if newbits > 32 && !terraform {
                return Err(FunctionError::call(
                    "may not extend prefix by more than 32 bits",
                ));
            }
            subnet(&n, newbits, netnum).map(|s| Value::string(net_string(&s)))
        },
    )
}

/// The last address of a network.
fn last(n: &Net) -> u128 {
    n.addr | host_mask(n.prefix, n.bits)
}

fn all_ones(bits: u32) -> u128 {
    if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

shared_function! {
    /// `cidrsubnets(prefix, newbits...)`: consecutive subnets of the given
    /// sizes.
    cidrsubnets => cidrsubnets_in(false)
}

/// `cidrsubnets` as go-cty-funcs (`terraform` false) or Terraform has it.
pub(crate) fn cidrsubnets_in(terraform: bool) -> Function {
    build_in_context(
        "Calculates a sequence of consecutive subnet prefixes that may be of different prefix lengths under a common base prefix.",
        vec![Parameter::new("prefix", Type::String)],
        Some(Parameter::new("newbits", Type::Number)),
        ReturnType::Static(Type::list(Type::String)),
        move |cx, args, _| {
            let n = parse_cidr_in(str_arg(args, 0)?, terraform)
                .map_err(|e| FunctionError::arg(0, e.to_string()))?;
            let lens = &args[1..];
            if lens.is_empty() {
                return Ok(Value::list_empty(Type::String));
            }
            cx.check_size(lens.len() as u64, 0)?;
            let first =
                go_int(num_arg(args, 1)?).map_err(|e| FunctionError::arg(1, e.to_string()))?;
            let first_len = (i64::from(n.prefix) + first).clamp(0, i64::from(n.bits)) as u32;
            // go-cidr's PreviousSubnet: the network before, at that length.
            let mut current = Net {
                addr: n.addr.wrapping_sub(1) & all_ones(n.bits) & mask(first_len, n.bits),
                prefix: first_len,
                bits: n.bits,
            };
            let mut out = Vec::with_capacity(lens.len());
            for (i, _) in lens.iter().enumerate() {
                let length = go_int(num_arg(args, i + 1)?)
                    .map_err(|e| FunctionError::arg(i + 1, e.to_string()))?;
                if length < 1 {
                    return Err(FunctionError::arg(
                        i + 1,
                        "must extend prefix by at least one bit",
                    ));
                }
                if length > 32 && !terraform {
                    return Err(FunctionError::arg(
                        i + 1,
                        "may not extend prefix by more than 32 bits",
                    ));
                }
                let length = length + i64::from(n.prefix);
                if length > i64::from(n.bits) {
                    let proto = if n.bits == 32 { "IPv4" } else { "IPv6" };
                    return Err(FunctionError::arg(
                        i + 1,
                        format!(
                            "would extend prefix to {length} bits, which is too long for an {proto} address"
                        ),
                    ));
                }
                let length = length as u32;
                // go-cidr's NextSubnet.
                let m = mask(length, n.bits);
                let cur = Net {
                    addr: last(&current) & m,
                    prefix: length,
                    bits: n.bits,
                };
                let next_addr = last(&cur).wrapping_add(1) & all_ones(n.bits);
                let next = Net {
                    addr: next_addr & m,
                    prefix: length,
                    bits: n.bits,
                };
                let rollover = next_addr == 0;
                if rollover || next.addr & mask(n.prefix, n.bits) != n.addr {
                    return Err(FunctionError::arg(
                        i + 1,
                        format!(
                            "not enough remaining address space for a subnet with a prefix of {length} bits after {}",
                            net_string(&current)
                        ),
                    ));
                }
                current = next;
                out.push(Value::string(net_string(&current)));
            }
            Ok(Value::list(Type::String, out))
        },
    )
}

/// A network or address as Go's `To4` sees it: an IPv4-mapped IPv6 one
/// is IPv4, with the last 32 bits of its mask.
fn as_v4_if_mapped(n: Net) -> Net {
    if n.bits == 128 && Ipv6Addr::from(n.addr).to_ipv4_mapped().is_some() {
        Net {
            addr: n.addr & 0xFFFF_FFFF,
            prefix: n.prefix.saturating_sub(96),
            bits: 32,
        }
    } else {
        n
    }
}

/// `cidrcontains(containing_prefix, contained_ip_or_prefix)` (Terraform's;
/// in the `terraform` set): whether an address, or every address of a
/// network, is inside a network.
pub(crate) fn cidrcontains() -> Function {
    build(
        "Determines whether a given IP address or an address prefix given in CIDR notation is within a given IP network address prefix.",
        vec![
            Parameter::new("containing_prefix", Type::String),
            Parameter::new("contained_ip_or_prefix", Type::String),
        ],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| {
            let prefix = str_arg(args, 0)?;
            let addr = str_arg(args, 1)?;
            let containing = as_v4_if_mapped(parse_cidr_in(prefix, true)?);
            let contained = match parse_ip(addr, true).ok_or(()) {
                Ok(IpAddr::V4(a)) => Net {
                    addr: u128::from(u32::from(a)),
                    prefix: 32,
                    bits: 32,
                },
                Ok(IpAddr::V6(a)) => Net {
                    addr: u128::from(a),
                    prefix: 128,
                    bits: 128,
                },
                Err(()) => parse_cidr_in(addr, true).map_err(|_| {
                    FunctionError::call(format!("invalid IP address or prefix: {addr}"))
                })?,
            };
            let contained = as_v4_if_mapped(contained);
            if contained.bits != containing.bits {
                return Err(FunctionError::call(format!(
                    "address family mismatch: {prefix} vs. {addr}"
                )));
            }
            let m = mask(containing.prefix, containing.bits);
            let first = contained.addr & mask(contained.prefix, contained.bits);
            let last = first | host_mask(contained.prefix, contained.bits);
            Ok(Value::bool(
                first & m == containing.addr && last & m == containing.addr,
            ))
        },
    )
}

/// The set's function of a name.
pub(crate) fn lookup(name: &str) -> Option<Function> {
    Some(match name {
        "cidrhost" => cidrhost(),
        "cidrnetmask" => cidrnetmask(),
        "cidrsubnet" => cidrsubnet(),
        "cidrsubnets" => cidrsubnets(),
        _ => return None,
    })
}
