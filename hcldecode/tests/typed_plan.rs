//! A derived type's spec and decode plan are made once per process, not
//! per decode (`HclDecode::__INTERNALS`).

#![cfg(feature = "derive")]

use std::sync::atomic::{AtomicUsize, Ordering};

use hcldecode::typed::At;
use hcldecode::{Error, HclDecode, Type, Value};

/// How many times the spec of [`Counted`] was built.
static SPECS_BUILT: AtomicUsize = AtomicUsize::new(0);

/// A scalar whose type is asked for once per spec built with it.
#[derive(Debug, PartialEq)]
struct Tag(String);

impl HclDecode for Tag {
    fn hcl_type() -> Type {
        SPECS_BUILT.fetch_add(1, Ordering::SeqCst);
        Type::String
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        String::from_hcl(v, at).map(Tag)
    }
}

#[derive(HclDecode, Debug)]
struct Counted {
    tag: Tag,
    #[hcl(block)]
    item: Vec<Item>,
}

#[derive(HclDecode, Debug)]
struct Item {
    #[hcl(label)]
    name: String,
    size: Option<u32>,
}

#[test]
fn a_derived_types_spec_is_built_once_for_all_decodes() {
    let src = "tag = \"a\"\nitem \"x\" { size = 1 }\nitem \"y\" {}\n";
    let first: Counted = hcldecode::from_str(src, "c.hcl").unwrap();
    let built = SPECS_BUILT.load(Ordering::SeqCst);
    assert!(built > 0);
    for _ in 0..3 {
        let c: Counted = hcldecode::from_str(src, "c.hcl").unwrap();
        assert_eq!(c.tag, first.tag);
        assert_eq!(c.item.len(), 2);
        assert_eq!((c.item[0].name.as_str(), c.item[0].size), ("x", Some(1)));
        assert_eq!((c.item[1].name.as_str(), c.item[1].size), ("y", None));
    }
    // Errors (decoded again with a trace) use the same plan too.
    let err = hcldecode::from_str::<Counted>("tag = \"a\"\nitem \"x\" { size = -1 }\n", "c.hcl")
        .unwrap_err();
    assert_eq!(
        err.diagnostics()[0].subject.as_ref().unwrap().to_string(),
        "c.hcl:2,19-21"
    );
    // From other threads as well.
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let c: Counted = hcldecode::from_str(src, "c.hcl").unwrap();
                assert_eq!(c.item.len(), 2);
            });
        }
    });
    assert_eq!(SPECS_BUILT.load(Ordering::SeqCst), built);
}

#[test]
fn the_cached_plan_is_the_types_spec() {
    let plan = Item::__INTERNALS.type_plan().unwrap();
    assert!(std::ptr::eq(plan, Item::__INTERNALS.type_plan().unwrap()));
    assert_eq!(plan.spec().to_spec_file(), Item::spec().to_spec_file());
    // Wrappers share their inner type's plan.
    assert!(std::ptr::eq(
        plan,
        <Box<Item>>::__INTERNALS.type_plan().unwrap()
    ));
    assert!(std::ptr::eq(
        plan,
        <Option<Item>>::__INTERNALS.type_plan().unwrap()
    ));
    // Types that are not derived plan per decode.
    assert!(<Vec<String>>::__INTERNALS.type_plan().is_none());
}

/// A generic type: its instantiations have different specs, so each
/// decode plans its own.
#[derive(HclDecode, Debug)]
struct Wrapper<T: HclDecode> {
    value: T,
}

#[test]
fn generic_types_plan_per_decode() {
    assert!(<Wrapper<u8>>::__INTERNALS.type_plan().is_none());
    let a: Wrapper<u8> = hcldecode::from_str("value = 3\n", "a.hcl").unwrap();
    let b: Wrapper<String> = hcldecode::from_str("value = \"x\"\n", "a.hcl").unwrap();
    assert_eq!((a.value, b.value.as_str()), (3, "x"));
    assert!(hcldecode::from_str::<Wrapper<u8>>("value = \"x\"\n", "a.hcl").is_err());
}
