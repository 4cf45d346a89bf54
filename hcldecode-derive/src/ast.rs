//! The internal model of a deriving type: fields and variants with their
//! HCL names and options, built from the syntax and the `#[hcl]`
//! attributes.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields};

use crate::attr::{self, ContainerAttrs, Ctxt, FieldAttrs, Kind, RenameRule};
use crate::shape::{Shape, shape};

pub struct Container<'a> {
    pub input: &'a DeriveInput,
    pub attrs: ContainerAttrs,
    pub data: Body<'a>,
    /// The type's doc comment: the description of blocks of it.
    pub doc: Option<String>,
}

pub enum Body<'a> {
    Struct(Vec<Field<'a>>),
    /// Every variant is a unit variant: decoded from a string.
    UnitEnum(Vec<Variant<'a>>),
    /// Variants are block types.
    BlockEnum(Vec<Variant<'a>>),
}

pub struct Field<'a> {
    pub ident: &'a syn::Ident,
    pub ty: &'a syn::Type,
    pub kind: Kind,
    /// Where the kind was given (the field name if implied).
    pub kind_span: Span,
    /// The HCL name: attribute name, block type, label name.
    pub name: String,
    /// Where the name comes from (`rename = "..."` or the field name).
    pub name_span: Span,
    pub attrs: FieldAttrs,
    pub shape: Shape,
    /// The parsed `type = "..."`, once checked.
    pub declared: Option<hcldecode_spec::types::Type>,
    /// The field's doc comment: the description of its attribute or
    /// blocks.
    pub doc: Option<String>,
}

pub enum VariantForm<'a> {
    Unit,
    /// `Variant(Body)`.
    Newtype(&'a syn::Type),
    /// `Variant { fields }`.
    Struct(Vec<Field<'a>>),
}

pub struct Variant<'a> {
    pub ident: &'a syn::Ident,
    pub name: String,
    pub name_span: Span,
    pub form: VariantForm<'a>,
}

fn unraw(ident: &syn::Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}

fn fields<'a>(cx: &mut Ctxt, fs: &'a syn::FieldsNamed, rule: Option<RenameRule>) -> Vec<Field<'a>> {
    fs.named
        .iter()
        .filter_map(|f| {
            let ident = f.ident.as_ref()?;
            let attrs = attr::field_attrs(cx, &f.attrs);
            let (kind, kind_span) = match &attrs.kind {
                Some(k) => (k.value, k.span),
                None => (Kind::Attr, ident.span()),
            };
            let (name, name_span) = match &attrs.rename {
                Some(r) => (r.value.clone(), r.span),
                None => {
                    let n = unraw(ident);
                    let n = match rule {
                        Some(r) => r.apply(&n),
                        None => n,
                    };
                    (n, ident.span())
                }
            };
            Some(Field {
                ident,
                ty: &f.ty,
                kind,
                kind_span,
                name,
                name_span,
                // A serde type is known to serde alone: any value, optional
                // only as an `Option`.
                shape: match (&attrs.serde, shape(&f.ty)) {
                    (Some(_), Shape::Option(_)) => Shape::Option(Box::new(Shape::Unknown)),
                    (Some(_), _) => Shape::Unknown,
                    (None, s) => s,
                },
                declared: None,
                doc: attr::doc_comment(&f.attrs),
                attrs,
            })
        })
        .collect()
}

pub fn container<'a>(cx: &mut Ctxt, input: &'a DeriveInput) -> Option<Container<'a>> {
    let attrs = attr::container_attrs(cx, &input.attrs);
    let rule = attrs.rename_all.as_ref().map(|r| r.value);
    let data = match &input.data {
        Data::Struct(s) => match &s.fields {
            Fields::Named(named) => Body::Struct(fields(cx, named, rule)),
            Fields::Unit => Body::Struct(Vec::new()),
            Fields::Unnamed(u) => {
                cx.error(
                    u.span(),
                    "HclDecode needs named fields: each field is an attribute, block or label of the body",
                );
                return None;
            }
        },
        Data::Enum(e) => {
            let mut variants = Vec::new();
            for v in &e.variants {
                let va = attr::variant_attrs(cx, &v.attrs);
                let (name, name_span) = match &va.rename {
                    Some(r) => (r.value.clone(), r.span),
                    None => {
                        let n = unraw(&v.ident);
                        (rule.unwrap_or(RenameRule::Snake).apply(&n), v.ident.span())
                    }
                };
                let form = match &v.fields {
                    Fields::Unit => VariantForm::Unit,
                    Fields::Unnamed(u) if u.unnamed.len() == 1 => {
                        VariantForm::Newtype(&u.unnamed[0].ty)
                    }
                    Fields::Unnamed(u) => {
                        cx.error(
                            u.span(),
                            "a block variant holds one struct (`Variant(Body)`) or named fields",
                        );
                        VariantForm::Unit
                    }
                    Fields::Named(named) => VariantForm::Struct(fields(cx, named, None)),
                };
                if let Some(d) = &v.discriminant {
                    let _ = d;
                }
                variants.push(Variant {
                    ident: &v.ident,
                    name,
                    name_span,
                    form,
                });
            }
            if variants.is_empty() {
                cx.error(
                    input.ident.span(),
                    "an enum deriving HclDecode needs at least one variant",
                );
                return None;
            }
            if variants.iter().all(|v| matches!(v.form, VariantForm::Unit)) {
                Body::UnitEnum(variants)
            } else {
                Body::BlockEnum(variants)
            }
        }
        Data::Union(u) => {
            cx.error(
                u.union_token.span(),
                "HclDecode cannot be derived for unions",
            );
            return None;
        }
    };
    Some(Container {
        input,
        attrs,
        data,
        doc: attr::doc_comment(&input.attrs),
    })
}
