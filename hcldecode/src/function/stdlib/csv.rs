//! `csvdecode` (cty stdlib/csv.go), with a port of the parts of Go's
//! `encoding/csv` reader it uses (RFC 4180, strict quotes, empty lines
//! skipped, `\r\n` read as `\n`).

use std::collections::BTreeMap;

use super::{build_in_context, shared_function, str_arg};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::Value;

/// A parse error: the line and Go's message.
struct CsvError {
    line: usize,
    msg: &'static str,
}

impl CsvError {
    fn message(&self) -> String {
        format!("CSV parse error on line {}: {}", self.line, self.msg)
    }
}

struct Reader<'a> {
    src: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Reader<'a> {
    fn new(src: &'a str) -> Reader<'a> {
        Reader {
            src,
            pos: 0,
            line: 0,
        }
    }

    /// The next line, with `\r\n` normalised to `\n`.
    fn read_line(&mut self) -> Option<String> {
        if self.pos >= self.src.len() {
            return None;
        }
        let rest = &self.src[self.pos..];
        let (line, adv) = match rest.find('\n') {
            Some(i) => (&rest[..=i], i + 1),
            None => (rest, rest.len()),
        };
        self.pos += adv;
        self.line += 1;
        let mut l = line.to_string();
        if l.ends_with("\r\n") {
            l.truncate(l.len() - 2);
            l.push('\n');
        }
        Some(l)
    }

    /// The next record (`None` at the end), checking the field count when
    /// `want` is given.
    fn read(&mut self, want: Option<usize>) -> Result<Option<Vec<String>>, CsvError> {
        let mut line = loop {
            let Some(l) = self.read_line() else {
                return Ok(None);
            };
            if l == "\n" {
                continue;
            }
            break l;
        };
        let rec_line = self.line;
        let mut fields = Vec::new();
        let mut pos = 0;
        'fields: loop {
            let rest = &line[pos..];
            if !rest.starts_with('"') {
                let end = rest.find(',').unwrap_or(rest.len());
                let mut field = &rest[..end];
                if end == rest.len() {
                    field = field.strip_suffix('\n').unwrap_or(field);
                }
                if field.contains('"') {
                    return Err(CsvError {
                        line: self.line,
                        msg: "bare \" in non-quoted-field",
                    });
                }
                fields.push(field.to_string());
                if end < rest.len() {
                    pos += end + 1;
                    continue;
                }
                break;
            }
            // A quoted field, possibly over several lines.
            let mut field = String::new();
            pos += 1;
            loop {
                let rest = &line[pos..];
                match rest.find('"') {
                    Some(i) => {
                        field.push_str(&rest[..i]);
                        let after = &rest[i + 1..];
                        if let Some(r) = after.strip_prefix('"') {
                            field.push('"');
                            pos += i + 2;
                            let _ = r;
                        } else if after.starts_with(',') {
                            fields.push(std::mem::take(&mut field));
                            pos += i + 2;
                            continue 'fields;
                        } else if after.is_empty() || after == "\n" {
                            fields.push(std::mem::take(&mut field));
                            break 'fields;
                        } else {
                            return Err(CsvError {
                                line: self.line,
                                msg: "extraneous or missing \" in quoted-field",
                            });
                        }
                    }
                    None if !rest.is_empty() => {
                        field.push_str(rest);
                        match self.read_line() {
                            Some(l) => {
                                line = l;
                                pos = 0;
                            }
                            None => {
                                return Err(CsvError {
                                    line: self.line,
                                    msg: "extraneous or missing \" in quoted-field",
                                });
                            }
                        }
                    }
                    None => {
                        return Err(CsvError {
                            line: self.line,
                            msg: "extraneous or missing \" in quoted-field",
                        });
                    }
                }
            }
        }
        if let Some(n) = want
            && fields.len() != n
        {
            return Err(CsvError {
                line: rec_line,
                msg: "wrong number of fields",
            });
        }
        Ok(Some(fields))
    }
}

/// The header of a CSV text: its column names.
fn header(s: &str) -> Result<Vec<String>, FunctionError> {
    match Reader::new(s).read(None) {
        Ok(Some(h)) => Ok(h),
        Ok(None) => Err(FunctionError::call("missing header line")),
        Err(e) => Err(FunctionError::call(e.message())),
    }
}

shared_function! {
    /// `csvdecode(str)`: a list of objects, one per row after the header.
    csvdecode => build_in_context(
        "Parses the given string as Comma Separated Values (as defined by RFC 4180) and returns a map of objects representing the table of data, using the first row as a header row to define the object attributes.",
        vec![Parameter::new("str", Type::String)],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| {
            let Some(s) = args[0].as_str() else {
                return Ok(Type::Dynamic);
            };
            let names = header(s)?;
            let mut attrs = BTreeMap::new();
            for n in names {
                if attrs.contains_key(&n) {
                    return Err(FunctionError::call(format!(
                        "duplicate column name {}",
                        hcldecode_spec::go_quote::quote(&n)
                    )));
                }
                attrs.insert(n, Type::String);
            }
            Ok(Type::list(Type::object(attrs)))
        })),
        |cx, args, ret| {
            let ety = ret.element_type().cloned().unwrap_or(Type::Dynamic);
            let s = str_arg(args, 0)?;
            let mut r = Reader::new(s);
            let want = ety.object_type().map(|o| o.len());
            let headers = match r.read(want) {
                Ok(Some(h)) => h,
                Ok(None) => return Err(FunctionError::call("missing header line")),
                Err(e) => return Err(FunctionError::call(e.message())),
            };
            let mut rows = Vec::new();
            loop {
                match r.read(want) {
                    Ok(Some(cols)) => {
                        cx.check_size((rows.len() as u64 + 1) * (cols.len() as u64 + 1), 0)?;
                        rows.push(Value::object(
                            headers.iter().cloned().zip(cols.into_iter().map(Value::string)),
                        ));
                    }
                    Ok(None) => break,
                    Err(e) => return Err(FunctionError::call(e.message())),
                }
            }
            if rows.is_empty() {
                return Ok(Value::list_empty(ety));
            }
            Ok(Value::list(ety, rows))
        },
    )
}
