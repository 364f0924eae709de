#!/usr/bin/env python3
# Import circles in each crate's src/ (crates/*/src; cargo forbids circles between crates): the modules each file's code (not its comments, not its `mod tests`)
# names through `crate::`, `super::` and `self::` paths, then every strongly connected set of
# more than one module, with its edges; and which top-level module imports which, to see the
# layering (bytes -> cases -> outcomes -> bytes). Exit 1 when a file-level circle exists.
#
#   python3 scripts/import-cycles.py
import os,re,sys,itertools
sys.setrecursionlimit(10000)
def crate(root):
    print('crate', os.path.basename(os.path.dirname(root)))
    files={}
    for d,_,fs in os.walk(root):
        for f in fs:
            if f.endswith('.rs'):
                p=os.path.join(d,f)
                rel=os.path.relpath(p, root)[:-3]
                parts=rel.split('/')
                if parts[-1]=='mod': parts=parts[:-1]
                if parts==['lib'] or parts==['main']: parts=[]
                files['::'.join(parts)]=p
    mods=set(files)
    def strip_tests(src):
        # drop #[cfg(test)] mod tests { ... } roughly: cut at '#[cfg(test)]\nmod tests'
        i=src.find('#[cfg(test)]\nmod tests')
        return src if i<0 else src[:i]
    def resolve(mod, path):
        segs=path.split('::')
        if segs[0]=='crate': base=[];segs=segs[1:]
        elif segs[0]=='super':
            base=mod.split('::') if mod else []
            # file module: super is parent
            base=base[:-1]
            segs=segs[1:]
            while segs and segs[0]=='super': base=base[:-1];segs=segs[1:]
        elif segs[0]=='self':
            base=mod.split('::') if mod else []; segs=segs[1:]
        else: return None
        cand=base+segs
        # longest prefix that is a module
        for k in range(len(cand),-1,-1):
            m='::'.join(cand[:k])
            if m in mods: return m
        return None
    # Files declared under #[cfg(test)] (test data modules) are tests too.
    test_only=set()
    for m,p in files.items():
        decl = r'#\[cfg\(test\)\]\s*(?:#\[path = "([a-z_0-9]+)\.rs"\]\s*)?(?:pub(?:\([a-z]+\))? )?mod ([a-z_0-9]+);'
        for t in re.finditer(decl, open(p).read()):
            # A #[path] file sits beside its parent's file: its name is the module seen here.
            parent = m.rsplit('::', 1)[0] if t.group(1) and '::' in m else ('' if t.group(1) else m)
            name = t.group(1) or t.group(2)
            test_only.add((parent+'::' if parent else '')+name)
    edges={m:set() for m in mods}
    for m,p in files.items():
        if m in test_only:
            continue
        src=strip_tests(open(p).read())
        src='\n'.join(l for l in src.split('\n') if not l.lstrip().startswith('//'))
        for mm in re.finditer(r'\b((?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)+)(::\{([^}]*)\})?',src):
            path=mm.group(1)
            targets=[path]
            if mm.group(3):
                for it in mm.group(3).split(','):
                    it=it.strip().split(' ')[0]
                    if it and it!='self': targets.append(path+'::'+it)
            for t in targets:
                r=resolve(m,t)
                if r is not None and r!=m and not m.startswith(r+'::') and not (r=='' ):
                    edges[m].add(r)
    # Tarjan
    idx={};low={};st=[];on=set();sccs=[];c=[0]
    sys.setrecursionlimit(10000)
    def sc(v):
        idx[v]=low[v]=c[0];c[0]+=1;st.append(v);on.add(v)
        for w in edges[v]:
            if w not in idx: sc(w);low[v]=min(low[v],low[w])
            elif w in on: low[v]=min(low[v],idx[w])
        if low[v]==idx[v]:
            s=[]
            while True:
                w=st.pop();on.discard(w);s.append(w)
                if w==v:break
            if len(s)>1: sccs.append(s)
    for v in mods:
        if v not in idx: sc(v)
    print("file-level circles:")
    for s in sccs:
        print(sorted(s))
        for a in s:
            for b in edges[a]:
                if b in s: print("   ",a,"->",b)
    # folder level (top-level module)
    top=lambda m:m.split('::')[0]
    tedges={}
    for a,bs in edges.items():
        for b in bs:
            if top(a)!=top(b) and a and b: tedges.setdefault(top(a),set()).add(top(b))
    print("top-level edges:")
    for a in sorted(tedges): print(" ",a,"->",sorted(tedges[a]))
    return bool(sccs)

crates=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'crates')
found=[crate(os.path.join(crates, c, 'src')) for c in sorted(os.listdir(crates))]
sys.exit(1 if any(found) else 0)
