#!/usr/bin/env python3
# Lists the functions over 100 lines in the library crates (issue 33).
# Usage: python3 scripts/longfns.py [roots...] from the workspace root.
import re,sys,os
pat=re.compile(r'^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?(extern\s+"C"\s+)?fn\s+(\w+)')
roots=sys.argv[1:] or ['hcldecode/src','hcldecode-spec/src','hcldecode-derive/src','hcldecode-output/src']
lim=100
res=[]
for r in roots:
  for d,_,fs in os.walk(r):
    for f in fs:
      if not f.endswith('.rs'): continue
      p=os.path.join(d,f)
      L=open(p).read().split('\n')
      for i,l in enumerate(L):
        m=pat.match(l)
        if not m: continue
        ind=m.group(1)
        # find end
        j=i
        if l.rstrip().endswith(';'): continue
        # A signature without a body: a declaration (`;`) or an arm of a
        # macro that expands to a function (`fn f(..) -> T => expr;`, as
        # `probe!` in hcldecode/src/typed/__private.rs has). Scan the
        # signature up to its body's `{`.
        k=i
        while k<len(L) and not L[k].rstrip().endswith('{') and '=>' not in L[k] and not L[k].rstrip().endswith(';'):
          k+=1
        if k<len(L) and not L[k].rstrip().endswith('{'): continue
        if k<len(L) and '=>' in L[k]: continue
        while j<len(L) and not (L[j]==ind+'}' or (j>i and L[j].startswith(ind+'}') and len(L[j].strip())<=2)):
          if j>i and L[j].strip()=='' : pass
          j+=1
          if j==i+1 and l.rstrip().endswith('}'): j=i; break
        n=j-i+1
        if n>lim: res.append((n,p,i+1,m.group(8)))
res.sort(reverse=True)
for n,p,i,name in res: print(n,f"{p}:{i}",name)
print(len(res),"over",lim)
