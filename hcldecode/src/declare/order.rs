//! The order local values are evaluated in: the strongly connected
//! components of their references (Tarjan's algorithm, iterative so a long
//! chain of locals cannot overflow the stack), dependencies first.

/// The components of the graph whose node `i` refers to `refs[i]`, each
/// after every component it refers to; each component's nodes ascending.
/// A component of more than one node, or of one that refers to itself, is
/// a cycle.
pub(super) fn components(refs: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const NONE: usize = usize::MAX;
    let n = refs.len();
    let (mut index, mut low) = (vec![NONE; n], vec![0; n]);
    let mut on_stack = vec![false; n];
    let (mut stack, mut out) = (Vec::new(), Vec::new());
    let mut next = 0;
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        let mut calls: Vec<(usize, usize)> = vec![(root, 0)];
        (index[root], low[root]) = (next, next);
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&(v, i)) = calls.last() {
            if let Some(&w) = refs[v].get(i) {
                if let Some(top) = calls.last_mut() {
                    top.1 += 1;
                }
                if index[w] == NONE {
                    (index[w], low[w]) = (next, next);
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    calls.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(u, _)) = calls.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                comp.sort_unstable();
                out.push(comp);
            }
        }
    }
    out
}

/// Whether component `comp` of `refs` is a cycle.
pub(super) fn is_cycle(refs: &[Vec<usize>], comp: &[usize]) -> bool {
    comp.len() > 1 || comp.iter().any(|&i| refs[i].contains(&i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dependencies_come_first_whatever_the_text_order() {
        // 0 -> 2 -> 1
        let refs = vec![vec![2], vec![], vec![1]];
        assert_eq!(components(&refs), vec![vec![1], vec![2], vec![0]]);
    }

    #[test]
    fn a_cycle_is_one_component() {
        // 0 -> 1 -> 2 -> 0, 3 -> 0, 4 alone, 5 -> 5
        let refs = vec![vec![1], vec![2], vec![0], vec![0], vec![], vec![5]];
        let comps = components(&refs);
        assert_eq!(comps, vec![vec![0, 1, 2], vec![3], vec![4], vec![5]]);
        let cycles: Vec<_> = comps.iter().filter(|c| is_cycle(&refs, c)).collect();
        assert_eq!(cycles, [&vec![0, 1, 2], &vec![5]]);
    }

    #[test]
    fn a_long_chain_does_not_overflow() {
        let n = 200_000;
        let refs: Vec<Vec<usize>> = (0..n)
            .map(|i| if i + 1 < n { vec![i + 1] } else { vec![] })
            .collect();
        let comps = components(&refs);
        assert_eq!(comps.len(), n);
        assert_eq!(comps[0], vec![n - 1]);
        assert_eq!(comps[n - 1], vec![0]);
    }
}
