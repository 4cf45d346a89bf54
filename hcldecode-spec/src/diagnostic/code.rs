//! Stable codes for diagnostics, so that programs (the derive, tests,
//! applications) decide on what a diagnostic is about, never on its
//! wording, which stays free to improve.

use std::fmt;

/// What a diagnostic is about. Codes never change meaning; new ones are
/// added as more diagnostics get one (a diagnostic without a code has
/// `None` in [`Diagnostic::code`](crate::diagnostic::Diagnostic::code)).
///
/// ```
/// use hcldecode_spec::diag::Code;
/// assert_eq!(Code::DuplicateObjectProperty.as_str(), "spec.duplicate_object_property");
/// assert_eq!(Code::NestingTooDeep.to_string(), "syntax.nesting_too_deep");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Code {
    /// Syntax nested deeper than the parser's limit.
    NestingTooDeep,
    /// Input that is not UTF-8 ("Invalid character encoding").
    InvalidCharacterEncoding,
    /// A quoted string split over lines ("Invalid multi-line string").
    InvalidMultiLineString,
    /// A string or template without its closing marker.
    UnterminatedTemplateString,
    /// A template interpolation (`${`) without its closing brace.
    UnclosedInterpolation,
    /// A character the language does not use (a single quote, a backtick,
    /// a curly quote, ...).
    InvalidCharacter,
    /// A spec: a `block_label` outside the nested spec of a block.
    BlockLabelOutsideBlock,
    /// A spec: block label indices that are not 0, 1, 2, ….
    InconsistentBlockLabelIndices,
    /// A spec: two properties of one object spec with the same name.
    DuplicateObjectProperty,
    /// A spec: one name read both as an attribute and as a block of one body.
    AttributeBlockNameCollision,
    /// A spec: a `block_map` or `block_object` without labels.
    InvalidBlockLabelNames,
    /// A spec: `min_items` greater than a non-zero `max_items`.
    InvalidBlockCountLimits,
    /// A body: an argument the schema does not expect.
    UnsupportedArgument,
    /// A body: a required argument is absent.
    MissingRequiredArgument,
    /// A body: an argument set more than once.
    DuplicateArgument,
    /// A body: a block type the schema does not expect.
    UnsupportedBlockType,
    /// A body: a block (or a dynamic block's `labels`) with more labels than its type has.
    ExtraneousLabel,
    /// A body: a block (or a dynamic block's `labels`) with fewer labels than its type has.
    MissingBlockLabel,
    /// Decoding: an attribute value that does not convert to its type.
    IncorrectAttributeValueType,
    /// Decoding: a required block is absent.
    MissingBlock,
    /// Decoding: a second block where one is allowed (or one per label set).
    DuplicateBlock,
    /// Decoding: fewer blocks than `min_items`.
    InsufficientBlocks,
    /// Decoding: more blocks than `max_items`.
    TooManyBlocks,
    /// Decoding: blocks of one collection whose values do not share a type.
    InconsistentBlockTypes,
    /// Decoding: a `block_attrs` attribute that does not convert to the element type.
    InvalidBlockAttributeValue,
    /// Decoding: `block_attrs` attributes that do not share a type.
    InconsistentAttributeTypes,
    /// Decoding: a transform function returned an error.
    TransformFailed,
    /// Evaluation: a reference to a variable the context does not define.
    UnknownVariable,
    /// Evaluation: expressions or function calls nested deeper than the limit.
    ExpressionTooDeep,
    /// Evaluation: a result larger than the limits allow.
    ResultTooLarge,
    /// Evaluation: a variable reference where no variables are available.
    VariablesNotAllowed,
    /// Evaluation: a function call where no functions are available.
    FunctionCallsNotAllowed,
    /// Evaluation: a call to a function the context does not define.
    UnknownFunction,
    /// Evaluation: a function called with too few or too many arguments.
    WrongArgumentCount,
    /// Evaluation: an expanding argument (`...`) that is null or not a sequence.
    InvalidExpandingArgument,
    /// Evaluation: an argument a function does not accept.
    InvalidFunctionArgument,
    /// Evaluation: a function returned an error.
    FunctionCallFailed,
    /// Evaluation: a type argument that is not a type expression.
    InvalidTypeSpecification,
    /// Evaluation: a null or non-bool condition (of a conditional or a `for` filter).
    InvalidCondition,
    /// Evaluation: conditional results whose types cannot be unified.
    InconsistentConditionalTypes,
    /// Evaluation: an operand an operator does not accept.
    InvalidOperand,
    /// Evaluation: an operator failed on its operands.
    OperationFailed,
    /// Evaluation: an object or `for` key that is null or not a string.
    InvalidObjectKey,
    /// Evaluation: an object key written as a traversal, which could be a name or a reference.
    AmbiguousAttributeKey,
    /// Evaluation: one key given twice in an object constructor or a `for` expression without grouping.
    DuplicateObjectKey,
    /// Evaluation: a `for` expression over null or over a value that is not a collection.
    InvalidIteration,
    /// Evaluation: a splat over a null sequence.
    SplatOfNull,
    /// Evaluation: a splat over a list whose second level gives elements of different types (hcl v2.24).
    InvalidNestedSplat,
    /// Evaluation: a template interpolation of null or of a value with no string form.
    InvalidTemplateValue,
    /// Evaluation: an attribute access the value does not support (no such attribute, or not an object).
    UnsupportedAttribute,
    /// Evaluation: an index a collection does not have, or of the wrong type.
    InvalidIndex,
    /// Evaluation: an attribute or index of a null value.
    NullTraversal,
    /// Dynamic blocks: a `for_each` that is null or not a collection.
    InvalidForEach,
    /// Dynamic blocks: an `iterator` that is not a single variable name.
    InvalidIterator,
    /// Dynamic blocks: a `labels` that is not a list, or a generated label that is null, unknown
    /// or not a string.
    InvalidDynamicLabel,
    /// Dynamic blocks: a dynamic block without a `content` block.
    MissingContentBlock,
    /// Dynamic blocks: a dynamic block with more than one `content` block.
    ExtraneousContentBlock,
    /// Dynamic blocks: an expansion past the limit of generated blocks for one decode.
    TooManyDynamicBlocks,
    /// JSON syntax: an object property that is no argument or block type of the body (the
    /// JSON counterpart of [`UnsupportedArgument`](Code::UnsupportedArgument) and
    /// [`UnsupportedBlockType`](Code::UnsupportedBlockType): JSON cannot tell which was meant).
    ExtraneousJsonProperty,
    /// A spec file's `description` argument that is not a literal string.
    InvalidSpecDescription,
    /// Variables given as a value (`eval_*`'s `vars`, `EvalContext::set_variables_from`) that
    /// are not an object or a map of known values.
    InvalidVariables,
    /// serde: a value of a kind the serde type does not take (a string that is not a
    /// number where it wants a number, an object where it wants a string, null).
    SerdeInvalidType,
    /// serde: a value of the right kind that the serde type rejects (300 for a `u8`, a
    /// sequence of the wrong length, a string of two characters for a `char`).
    SerdeInvalidValue,
    /// serde: a variant name the serde enum does not have.
    SerdeUnknownVariant,
    /// serde: a field the serde type does not have (`deny_unknown_fields`).
    SerdeUnknownField,
    /// serde: a field the serde type requires is absent.
    SerdeMissingField,
    /// serde: a field given twice.
    SerdeDuplicateField,
    /// serde: the serde type's own error (`de::Error::custom`: a `deserialize_with`
    /// check, a hand-written `Deserialize`).
    SerdeCustom,
    /// A declared variable: its default or a value given for it does not convert to its
    /// type (or is null where it may not be).
    VariableInvalidValue,
    /// A declared variable with no default was given no value.
    VariableRequired,
    /// A declared variable's `validation` condition is false for its value.
    VariableValidation,
    /// A declared variable's `validation` condition is not a boolean, or its `type` is
    /// not a type.
    VariableInvalidDeclaration,
    /// A variable or local value declared twice (across files too).
    DuplicateDeclaration,
    /// A reference to a variable or local value that is not declared.
    UndeclaredReference,
    /// Local values that refer to each other in a cycle.
    LocalCycle,
    /// Typed decoding: a value not known when the configuration is decoded
    /// (reported only when no other error explains it).
    UnknownValue,
    /// Typed decoding: a value the Rust type rejects though it has the
    /// right type (a name that is not one of an enum's, a string that is
    /// not one character).
    InvalidValue,
    /// Typed decoding: a number outside the Rust type's range (`70000` for
    /// a `u16`).
    ValueOutOfRange,
    /// Typed decoding: a fractional number where an integer type is wanted.
    WholeNumberRequired,
    /// Typed decoding: null where the Rust type takes no null.
    NullValue,
    /// Typed decoding: a list of the wrong length for an array.
    IncorrectListLength,
    /// Typed decoding: an `Expression` field with no expression to hold.
    ExpressionRequired,
    /// A decoded value a validation rule rejects (garde's, validator's,
    /// an application's).
    ValidationFailed,
}

impl Code {
    /// The code's stable name, `area.what`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::NestingTooDeep => "syntax.nesting_too_deep",
            Code::InvalidCharacterEncoding => "syntax.invalid_character_encoding",
            Code::InvalidMultiLineString => "syntax.invalid_multi_line_string",
            Code::UnterminatedTemplateString => "syntax.unterminated_template_string",
            Code::UnclosedInterpolation => "syntax.unclosed_interpolation",
            Code::InvalidCharacter => "syntax.invalid_character",
            Code::BlockLabelOutsideBlock => "spec.block_label_outside_block",
            Code::InconsistentBlockLabelIndices => "spec.inconsistent_block_label_indices",
            Code::DuplicateObjectProperty => "spec.duplicate_object_property",
            Code::AttributeBlockNameCollision => "spec.attribute_block_name_collision",
            Code::InvalidBlockLabelNames => "spec.invalid_block_label_names",
            Code::InvalidBlockCountLimits => "spec.invalid_block_count_limits",
            Code::UnsupportedArgument => "content.unsupported_argument",
            Code::MissingRequiredArgument => "content.missing_required_argument",
            Code::DuplicateArgument => "content.duplicate_argument",
            Code::UnsupportedBlockType => "content.unsupported_block_type",
            Code::ExtraneousLabel => "content.extraneous_label",
            Code::MissingBlockLabel => "content.missing_block_label",
            Code::IncorrectAttributeValueType => "decode.incorrect_attribute_value_type",
            Code::MissingBlock => "decode.missing_block",
            Code::DuplicateBlock => "decode.duplicate_block",
            Code::InsufficientBlocks => "decode.insufficient_blocks",
            Code::TooManyBlocks => "decode.too_many_blocks",
            Code::InconsistentBlockTypes => "decode.inconsistent_block_types",
            Code::InvalidBlockAttributeValue => "decode.invalid_block_attribute_value",
            Code::InconsistentAttributeTypes => "decode.inconsistent_attribute_types",
            Code::TransformFailed => "decode.transform_failed",
            Code::UnknownVariable => "eval.unknown_variable",
            Code::ExpressionTooDeep => "eval.expression_too_deep",
            Code::ResultTooLarge => "eval.result_too_large",
            Code::VariablesNotAllowed => "eval.variables_not_allowed",
            Code::FunctionCallsNotAllowed => "eval.function_calls_not_allowed",
            Code::UnknownFunction => "eval.unknown_function",
            Code::WrongArgumentCount => "eval.wrong_argument_count",
            Code::InvalidExpandingArgument => "eval.invalid_expanding_argument",
            Code::InvalidFunctionArgument => "eval.invalid_function_argument",
            Code::FunctionCallFailed => "eval.function_call_failed",
            Code::InvalidTypeSpecification => "eval.invalid_type_specification",
            Code::InvalidCondition => "eval.invalid_condition",
            Code::InconsistentConditionalTypes => "eval.inconsistent_conditional_types",
            Code::InvalidOperand => "eval.invalid_operand",
            Code::OperationFailed => "eval.operation_failed",
            Code::InvalidObjectKey => "eval.invalid_object_key",
            Code::AmbiguousAttributeKey => "eval.ambiguous_attribute_key",
            Code::DuplicateObjectKey => "eval.duplicate_object_key",
            Code::InvalidIteration => "eval.invalid_iteration",
            Code::SplatOfNull => "eval.splat_of_null",
            Code::InvalidNestedSplat => "eval.invalid_nested_splat",
            Code::InvalidTemplateValue => "eval.invalid_template_value",
            Code::UnsupportedAttribute => "eval.unsupported_attribute",
            Code::InvalidIndex => "eval.invalid_index",
            Code::NullTraversal => "eval.null_traversal",
            Code::InvalidForEach => "dynblock.invalid_for_each",
            Code::InvalidIterator => "dynblock.invalid_iterator",
            Code::InvalidDynamicLabel => "dynblock.invalid_label",
            Code::MissingContentBlock => "dynblock.missing_content_block",
            Code::ExtraneousContentBlock => "dynblock.extraneous_content_block",
            Code::TooManyDynamicBlocks => "dynblock.too_many_blocks",
            Code::ExtraneousJsonProperty => "content.extraneous_json_property",
            Code::InvalidVariables => "eval.invalid_variables",
            Code::SerdeInvalidType => "serde.invalid_type",
            Code::SerdeInvalidValue => "serde.invalid_value",
            Code::SerdeUnknownVariant => "serde.unknown_variant",
            Code::SerdeUnknownField => "serde.unknown_field",
            Code::SerdeMissingField => "serde.missing_field",
            Code::SerdeDuplicateField => "serde.duplicate_field",
            Code::SerdeCustom => "serde.custom",
            Code::InvalidSpecDescription => "spec.invalid_description",
            Code::VariableInvalidValue => "variable.invalid_value",
            Code::VariableRequired => "variable.required",
            Code::VariableValidation => "variable.validation",
            Code::VariableInvalidDeclaration => "variable.invalid_declaration",
            Code::DuplicateDeclaration => "declaration.duplicate",
            Code::UndeclaredReference => "declaration.undeclared_reference",
            Code::LocalCycle => "local.cycle",
            Code::UnknownValue => "decode.unknown_value",
            Code::InvalidValue => "decode.invalid_value",
            Code::ValueOutOfRange => "decode.value_out_of_range",
            Code::WholeNumberRequired => "decode.whole_number_required",
            Code::NullValue => "decode.null_value",
            Code::IncorrectListLength => "decode.incorrect_list_length",
            Code::ExpressionRequired => "decode.expression_required",
            Code::ValidationFailed => "validation.failed",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
