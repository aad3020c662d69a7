! race: no
! A producer section hands a value over through a flag it sets with atomic release.
program flag_handoff
  implicit none
  integer :: ready, payload, seen
  ready = 0
  payload = 0
  !$omp parallel sections
  !$omp section
  payload = 42
  !$omp atomic write release
  ready = 1
  !$omp end atomic
  !$omp section
  do
    !$omp atomic read acquire
    seen = ready
    !$omp end atomic
    if (seen == 1) exit
  end do
  print *, payload
  !$omp end parallel sections
end program
