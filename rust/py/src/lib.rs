// bindings: written next
