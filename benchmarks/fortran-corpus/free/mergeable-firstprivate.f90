! race: no
! A mergeable task is merged only when it is undeferred or included (then it has finished); deferred, its firstprivate k is its own.
program mergeable_firstprivate
  implicit none
  integer :: k, out
  !$omp parallel private(k)
  k = 1
  !$omp single
  !$omp task mergeable firstprivate(k)
  k = k + 1
  !$omp end task
  out = k
  !$omp end single
  !$omp end parallel
  print *, out
end program
