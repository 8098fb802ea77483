"""Whether a value reads as words, as a name or a citation key does ("title", "smith2020",
"Vaswani2017Attention", "author_year"), or as a random string, as a key does
("Zx81kLq0pW2mN7rT", a hex digest).

``freetext`` reads a value after a command-line option, an Authorization scheme or a compound
secret's name and ":" as prose where it reads as words ("--token required"). The test leans to
masking:
a value it is unsure of ("DBLP:journals/corr/abs-1810-04805", "Dijkstra1959") reads as random,
and a word taken for random is only masked. Over random strings of the alphabets keys are made
of (base62, base64, hex, letters of one case and digits) it read as words fewer than 1 in
10,000 of 16 characters or more, and at most about 1 in 300 of 8 to 12 characters.
"""

from __future__ import annotations

import re

# The parts a value is read in: a word (capitalised or not), a run of capitals, a number.
_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
# A hexadecimal string of some length holding a digit (a digest, a key): never words.
_HEX = re.compile(r"(?=.*[0-9])[0-9a-fA-F]{12,}")
_VOWEL = re.compile(r"[aeiouy]")
# Four consonants together, or three vowels: rare in words and names, common in random strings.
_UNSPOKEN = re.compile(r"[^aeiouy]{4}|[aeiou]{3}")
# Letter pairs found in fewer than 40 distinct words of the SciFact corpus's abstracts, less
# those names write ("zh" in Zhang, "kr" in Krizhevsky, "xu", "ku", "wr", "sv", "bb"): a random
# pair of letters is one of them about 2 times in 5, a word seldom holds one.
_RARE_PAIRS = frozenset(
    (
        "aq bf bg bh bj bk bn bq bv bw bx by bz cb cf cj cq cv cw cx df dk dp dq dt dw dx ez fb "
        "fc fd fg fh fj fk fm fn fp fq fv fw fx fz gb gc gd gj gk gp gq gv gw gx gz hb hf hg hh hj "
        "hk hp hq hv hx hz iw jb jc jd jf jg jh jj jk jl jm jn jp jq jr js jt jv jw jx jy jz kb kc "
        "kd kf kg kj kk km kp kq kt kv kx kz lh lj lq lr lw lx lz mf mg mh mj mk mq mv mw mx mz nq "
        "nw nx oj oq pb pf pj pk pn pq pv pw px pz qa qb qc qd qe qf qg qh qj qk ql qm qn qo qp qq "
        "qr qs qt qv qw qx qy qz rj rq rx rz sj sq sx tj tk tq tv tx uh uj uq uu uv uw uz vb vc "
        "vd vf vg vh vj vk vm vn vp vq vr vt vu vv vw vx vy vz wb wc wd wf wg wj wk wm wp wq wt "
        "wv ww wx wy wz xb xd xf xg xh xj xk xl xm xn xq xr xs xv xw xx xz yb yf yh yj yk yq yv yw "
        "yx yy yz zb zc zd zf zg zj zk zl zm zn zp zq zr zs zt zv zw zx zz"
    ).split()
)
_YEAR = re.compile(r"1[89][0-9]{2}|20[0-9]{2}")
_MAX_NUMBERS = 2  # a year, a page or a volume: a random string has numbers all through it
_MAX_ACRONYM = 5  # "GLUE", "CVPR", "EMNLP"


def reads_as_words(value: str) -> bool:
    """Whether ``value`` is made of words and at most two numbers, as a name or a citation key
    is, not random characters: few parts of one or two characters, pronounceable words, at
    most one run of capitals (an acronym) and no hexadecimal string of 12 or more."""
    if _HEX.fullmatch(value):
        return False
    parts = _PART.findall(value)
    length = sum(map(len, parts))
    if not length:
        return False
    short = sum(len(part) for part in parts if len(part) <= 2)
    numbers = [i for i, part in enumerate(parts) if part.isdigit()]
    acronyms = sum(part.isupper() and len(part) >= 3 for part in parts)
    return (
        short * 10 <= length
        and len(parts) <= 2 + length // 5
        and len(numbers) <= _MAX_NUMBERS
        and all(_is_number(parts, i) for i in numbers)
        and acronyms <= 1
        and all(_is_word(part) for part in parts)
    )


def _is_number(parts: list[str], i: int) -> bool:
    """Whether the number ``parts[i]`` is one a citation key holds: a year, or one or two
    digits that end it after a word ("Vaswani17"); a random string's numbers are anywhere."""
    part = parts[i]
    return _YEAR.fullmatch(part) is not None or (0 < i == len(parts) - 1 and len(part) <= 2)


def _is_word(part: str) -> bool:
    if part.isdigit():
        return True
    if part.isupper() or len(part) <= 2:
        return len(part) <= _MAX_ACRONYM
    low = part.lower()
    return (
        _VOWEL.search(low) is not None
        and _UNSPOKEN.search(low) is None
        and not any(low[i : i + 2] in _RARE_PAIRS for i in range(len(low) - 1))
    )
