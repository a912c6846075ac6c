//! CPU detection against the kernel's own view of the CPU (`/proc/cpuinfo`, whose flags Linux
//! clears for features the OS does not enable). The tests that cover "every backend this CPU
//! runs" (here, in montvec-rsa and in the bench crate) filter by this detection, so a detection
//! that wrongly said no would shrink them to the portable path without failing: this test is
//! their floor.

#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
#[test]
fn detection_matches_proc_cpuinfo() {
    use montvec::backend::Backend;
    use montvec::batch::Engine;

    let info = std::fs::read_to_string("/proc/cpuinfo").expect("Linux has /proc/cpuinfo");
    let flags: std::collections::HashSet<&str> = info
        .lines()
        .find(|l| l.starts_with("flags"))
        .and_then(|l| l.split(':').nth(1))
        .expect("a flags line")
        .split_whitespace()
        .collect();
    let has = |names: &[&str]| names.iter().all(|f| flags.contains(f));
    let expected = [
        (Backend::Portable, true),
        (Backend::Adx, has(&["adx", "bmi2"])),
        (Backend::Avx2, has(&["avx2"])),
        (
            Backend::Ifma,
            has(&["avx512f", "avx512ifma", "avx512dq", "avx512vl", "bmi2"]),
        ),
    ];
    for (backend, want) in expected {
        assert_eq!(backend.is_supported(), want, "{backend:?}");
    }
    // The batch engines that need a feature (the scalar one runs everywhere).
    assert_eq!(Engine::Avx2.is_supported(), has(&["avx2"]));
    for engine in [
        Engine::Ifma256,
        Engine::Ifma512,
        Engine::Ifma256Split,
        Engine::Ifma512Split,
    ] {
        assert_eq!(engine.is_supported(), expected[3].1, "{engine}");
    }
    // The best backend is the last one supported, in the order of Backend::ALL.
    let best = expected
        .iter()
        .rev()
        .find(|(_, want)| *want)
        .map(|(b, _)| *b);
    assert_eq!(Some(Backend::best()), best);
}
