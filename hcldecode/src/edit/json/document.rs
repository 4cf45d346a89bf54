//! The JSON-syntax document an edit changes.

use hcldecode_spec::syntax::json::ast;

/// A file of HCL's JSON syntax held without loss, to be edited.
///
/// ```
/// use hcldecode::edit::JsonDocument;
/// use hcldecode::Value;
/// let src = "{\n  \"region\": \"eu\",\n  \"service\": {\n    \"web\": {\n      \"port\": 80\n    }\n  }\n}\n";
/// let mut doc: JsonDocument = src.parse().unwrap();
/// assert_eq!(doc.to_string(), src);
/// let mut web = doc.body_mut().block("service", &["web"]).unwrap();
/// web.set_attribute("port", &Value::int(8080)).unwrap();
/// web.set_attribute("image", &Value::string("nginx:${var.v}")).unwrap();
/// assert_eq!(
///     doc.to_string(),
///     "{\n  \"region\": \"eu\",\n  \"service\": {\n    \"web\": {\n      \"port\": 8080,\n      \"image\": \"nginx:$${var.v}\"\n    }\n  }\n}\n",
/// );
/// ```
#[derive(Clone, Debug)]
pub struct JsonDocument {
    pub(super) file: ast::File,
    /// Whether strings written are read as templates.
    pub(super) templates: bool,
}
