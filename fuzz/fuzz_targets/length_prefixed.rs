//! The fuzz targets' input format: byte strings each led by one length byte.

/// The next length-prefixed byte string of `data` (shorter when `data` runs out; empty at
/// its end), and `data` moved past it.
pub fn take<'a>(data: &mut &'a [u8]) -> &'a [u8] {
    let Some((&len, rest)) = data.split_first() else {
        return &[];
    };
    let len = (len as usize).min(rest.len());
    let (head, tail) = rest.split_at(len);
    *data = tail;
    head
}
