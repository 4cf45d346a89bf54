//! A derived type's spec and decode plan are made once per process and
//! shared by every decode, on every thread; generic types plan per decode.

#![cfg(feature = "derive")]

use hcldecode::HclDecode;

#[derive(HclDecode, Debug, PartialEq)]
struct Service {
    port: u16,
    #[hcl(block)]
    check: Vec<Check>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Check {
    path: String,
}

#[derive(HclDecode, Debug)]
struct Wrapper<T: HclDecode> {
    value: T,
}

#[test]
fn the_plan_is_made_once_per_type() {
    let first = Service::__INTERNALS
        .type_plan()
        .expect("a derived type has a plan") as *const _;
    let src = "port = 80\ncheck {\n  path = \"/a\"\n}\n";
    let a: Service = hcldecode::from_str(src, "a.hcl").unwrap();
    let b: Service = hcldecode::from_str("port = 81\n", "b.hcl").unwrap();
    assert_eq!(a.check, vec![Check { path: "/a".into() }]);
    assert_eq!(b.port, 81);
    let again = Service::__INTERNALS.type_plan().unwrap() as *const _;
    assert_eq!(first, again);
    let other =
        std::thread::spawn(|| Service::__INTERNALS.type_plan().unwrap() as *const _ as usize)
            .join()
            .unwrap();
    assert_eq!(first as usize, other);
}

#[test]
fn a_cached_plan_still_reports_errors_at_their_place() {
    let _ = Service::__INTERNALS.type_plan();
    let err = hcldecode::from_str::<Service>("port = 70000\n", "c.hcl").unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.subject.as_ref().unwrap().to_string(), "c.hcl:1,8-13");
}

#[test]
fn generic_types_plan_per_decode() {
    assert!(Wrapper::<u16>::__INTERNALS.type_plan().is_none());
    let w: Wrapper<u16> = hcldecode::from_str("value = 7\n", "w.hcl").unwrap();
    assert_eq!(w.value, 7);
}
